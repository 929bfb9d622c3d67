// Package injectbuilder: filters built by a helper of several
// statements (a query builder) are checked inside the helper.
package injectbuilder

import (
	"strings"
	"time"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

type builder struct{}

func (builder) unread(group string, since time.Time) string {
	f := "PartitionKey eq '" + group + "'" // want `TL321: group \(string\)`
	if !since.IsZero() {
		f += " and Timestamp gt datetime'" + since.UTC().Format(time.RFC3339) + "'"
	}
	return f
}

func (builder) safe(group string, kinds []string) string {
	f := "PartitionKey eq '" + strings.ReplaceAll(group, "'", "''") + "'"
	if len(kinds) > 0 {
		f += " and Kind eq 'x'"
	}
	return f
}

func use(c *aztables.Client, group string, t time.Time) {
	var b builder
	f := b.unread(group, t)
	c.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &f})
	g := b.safe(group, nil)
	c.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &g})
}
