package invalidfilter

import (
	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

// logRows runs the query its callers build.
func logRows(c *aztables.Client, filter string) {
	pager := c.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &filter})
	_ = pager
}

// A clause joined with " and " to a filter that may still be empty: the
// filter can start with "and", which the service rejects.
func joinedBlind(c *aztables.Client, since, until string) {
	var filter string
	if since != "" {
		filter = "PartitionKey eq 'log' and At ge '" + since + "'"
	}
	if until != "" {
		filter += " and At le '" + until + "'"
	}
	logRows(c, filter) // want `TL300: query via logRows at guards.go:9: invalid filter: unexpected "and"` `TL301`
}

// The twin: the and is added only on the path where the filter is known
// not to be empty (filter == "" chose the other branch): no TL300.
func joinedGuarded(c *aztables.Client, since, until string) {
	var filter string
	if since != "" {
		filter = "PartitionKey eq 'log' and At ge '" + since + "'"
	}
	if until != "" {
		if filter == "" {
			filter = "PartitionKey eq 'log' and At le '" + until + "'"
		} else {
			filter += " and At le '" + until + "'"
		}
	}
	logRows(c, filter) // want `TL301`
}

// The twin with len(): no TL300.
func joinedLen(c *aztables.Client, since, until string) {
	filter := ""
	if since != "" {
		filter = "PartitionKey eq 'log' and At ge '" + since + "'"
	}
	if until != "" {
		if len(filter) > 0 {
			filter = filter + " and At le '" + until + "'"
		} else {
			filter = "PartitionKey eq 'log' and At le '" + until + "'"
		}
	}
	logRows(c, filter) // want `TL301`
}
