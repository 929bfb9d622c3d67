// Package conditional: filters and options that differ by path; each
// value that reaches the query is checked.
package conditional

import (
	"context"
	"strings"

	"github.com/Azure/azure-sdk-for-go/sdk/azcore/to"
	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

// nilOnOnePath: without a start, the options stay nil.
func nilOnOnePath(c *aztables.Client, start *string) {
	var o *aztables.ListEntitiesOptions
	if start != nil {
		f := "PartitionKey eq '" + *start + "'"
		o = &aztables.ListEntitiesOptions{Filter: &f}
	}
	c.NewListEntitiesPager(o) // want `TL301: query has no filter`
}

// bothBranches: each branch sets a partition filter; nothing scans.
func bothBranches(c *aztables.Client, admin bool) {
	var o *aztables.ListEntitiesOptions
	if admin {
		o = &aztables.ListEntitiesOptions{Filter: to.Ptr("PartitionKey eq 'admin'")}
	} else {
		o = &aztables.ListEntitiesOptions{Filter: to.Ptr("PartitionKey eq 'user'")}
	}
	c.NewListEntitiesPager(o)
}

// branches: one branch's filter lacks the partition.
func branches(c *aztables.Client, byName bool) {
	filter := "PartitionKey eq 'p'"
	if byName {
		filter = "Name eq 'x'"
	}
	c.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &filter}) // want `TL301: query scans the whole table`
}

// overwritten: the initial value never reaches the query.
func overwritten(c *aztables.Client, ok bool) {
	filter := ""
	if ok {
		filter = "PartitionKey eq 'a'"
	} else {
		filter = "PartitionKey eq 'b'"
	}
	c.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &filter})
}

// joined: the partition condition is optional, so one path scans.
func joined(c *aztables.Client, tenant, name string) {
	var parts []string
	if tenant != "" {
		parts = append(parts, "PartitionKey eq 't'")
	}
	if name != "" {
		parts = append(parts, "Kind eq 'n'")
	}
	c.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: to.Ptr(strings.Join(parts, " and "))}) // want `TL301: query has no filter`
}

// joinedGuarded: the join runs only when a part was added, so the filter
// is never empty; with no parts the options are nil, reported at the call.
// Each path's parts are a filter of their own.
func joinedGuarded(c *aztables.Client, tenant, name string) {
	var parts []string
	if tenant != "" {
		parts = append(parts, "PartitionKey eq 't'")
	}
	if name != "" {
		parts = append(parts, "Kind eq 'n'")
	}
	var o *aztables.ListEntitiesOptions
	if len(parts) > 0 && tenant != "x" {
		f := strings.Join(parts, " and ")
		o = &aztables.ListEntitiesOptions{Filter: &f}
	}
	c.NewListEntitiesPager(o) // want `TL301: query has no filter`
	if 0 < len(parts) {
		// Never empty here, but with a name and no tenant it is
		// "Kind eq 'n'": a scan.
		c.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: to.Ptr(strings.Join(parts, " and "))}) // want `TL301: query scans the whole table`
	}
}

// joinedAlways: the partition condition is always there.
func joinedAlways(ctx context.Context, c *aztables.Client, kind bool) {
	parts := []string{"PartitionKey eq 't'"}
	if kind {
		parts = append(parts, "Kind eq 'n'")
	}
	f := strings.Join(parts, " and ")
	c.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &f})
}

// listOptions builds the options for a filter.
func listOptions(filter string) *aztables.ListEntitiesOptions {
	return &aztables.ListEntitiesOptions{Filter: &filter, Top: to.Ptr(int32(100))}
}

func allOptions() *aztables.ListEntitiesOptions {
	return &aztables.ListEntitiesOptions{Top: to.Ptr(int32(100))}
}

// constructed: options from a constructor of this package.
func constructed(c *aztables.Client) {
	c.NewListEntitiesPager(listOptions("Name eq 'x'")) // want `TL301: query scans the whole table`
	c.NewListEntitiesPager(listOptions("PartitionKey eq 'p'"))
	c.NewListEntitiesPager(allOptions()) // want `TL301: query has no filter`
}
