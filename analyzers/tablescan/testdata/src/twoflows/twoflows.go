// Package twoflows: one query reached by several flows — options set in
// branches, nil on one path — gets one finding per rule. When the flows
// that break a rule place it apart, it is reported at the call that runs
// the query (the options do not get that filter on every path).
package twoflows

import (
	"github.com/Azure/azure-sdk-for-go/sdk/azcore/to"
	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

// spaceRange limits a read to the partitions of a space, or gives ""
// when there is none: a PartitionKey range scans the table.
func spaceRange(space string) string {
	if space == "" {
		return ""
	}
	return "PartitionKey ge '" + space + "|' and PartitionKey lt '" + space + "}'"
}

// nilOrRange: nil options read the whole table, the range scans it too:
// one query, one TL301, at the call.
func nilOrRange(c *aztables.Client, space string) {
	var opts *aztables.ListEntitiesOptions
	if s := spaceRange(space); s != "" {
		opts = &aztables.ListEntitiesOptions{Filter: &s}
	}
	c.NewListEntitiesPager(opts) // want `TL301: query has no filter: it reads the whole table`
}

func byName() string { return "Name eq 'x'" }

// nilOrName: the same with a one-line helper.
func nilOrName(c *aztables.Client, on bool) {
	var opts *aztables.ListEntitiesOptions
	if on {
		f := byName()
		opts = &aztables.ListEntitiesOptions{Filter: &f}
	}
	c.NewListEntitiesPager(opts) // want `TL301: query has no filter: it reads the whole table`
}

// eitherScan: each branch's options scan on a property: one TL301, at
// the call.
func eitherScan(c *aztables.Client, byName bool) {
	var o *aztables.ListEntitiesOptions
	if byName {
		o = &aztables.ListEntitiesOptions{Filter: to.Ptr("Name eq 'x'")}
	} else {
		o = &aztables.ListEntitiesOptions{Filter: to.Ptr("Kind eq 'y'")}
	}
	c.NewListEntitiesPager(o) // want `TL301: query scans the whole table`
}

// oneScans: only one branch's options scan: reported at that filter.
func oneScans(c *aztables.Client, byName bool) {
	var o *aztables.ListEntitiesOptions
	if byName {
		o = &aztables.ListEntitiesOptions{Filter: to.Ptr("Name eq 'x'")} // want `TL301: query scans the whole table`
	} else {
		o = &aztables.ListEntitiesOptions{Filter: to.Ptr("PartitionKey eq 'y'")}
	}
	c.NewListEntitiesPager(o)
}

// eitherPartition: the silent twin of eitherScan and nilOrRange: every
// flow that reaches the query names one partition.
func eitherPartition(c *aztables.Client, space string) {
	o := &aztables.ListEntitiesOptions{Filter: to.Ptr("PartitionKey eq 'all'")}
	if space != "" {
		f := "PartitionKey eq '" + space + "'"
		o = &aztables.ListEntitiesOptions{Filter: &f}
	}
	c.NewListEntitiesPager(o)
}

// twoQueries: two queries, each with its own finding.
func twoQueries(c *aztables.Client) {
	c.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: to.Ptr("Name eq 'x'")}) // want `TL301: query scans the whole table`
	c.NewListEntitiesPager(nil)                                                          // want `TL301: query has no filter`
}
