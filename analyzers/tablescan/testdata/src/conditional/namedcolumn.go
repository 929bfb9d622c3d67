package conditional

import (
	"fmt"
	"strings"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

// Sync reads the rows changed since the last run by a column the caller
// names: whatever the column, a range on one property is no
// PartitionKey eq.
type Sync struct {
	Column, After, Before string
}

func changedSince(c *aztables.Client, s Sync) {
	opts := &aztables.ListEntitiesOptions{}
	if s.Column != "" {
		f := fmt.Sprintf("%s gt '%s'", s.Column, strings.ReplaceAll(s.After, "'", "''"))
		opts.Filter = &f
	}
	c.NewListEntitiesPager(opts) // want `TL301: query scans the whole table whatever properties it names: no PartitionKey eq`
}

// The twins: a column compared with eq may be PartitionKey (silent), and
// a range under a fixed partition is no table scan.
func equalTo(c *aztables.Client, s Sync) {
	f := fmt.Sprintf("%s eq '%s'", s.Column, strings.ReplaceAll(s.After, "'", "''"))
	c.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &f})
}

func inPartition(c *aztables.Client, s Sync) {
	f := fmt.Sprintf("PartitionKey eq 'sync' and %s gt '%s'", s.Column, strings.ReplaceAll(s.After, "'", "''"))
	c.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &f})
}
