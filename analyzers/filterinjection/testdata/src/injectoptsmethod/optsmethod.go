// Package injectoptsmethod builds the SDK's options in a method of its
// own struct: the filter the caller stores in the struct is what runs.
package injectoptsmethod

import (
	"strings"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

type listing struct {
	Where *string
	Limit int32
}

func (l listing) toOptions() *aztables.ListEntitiesOptions {
	n := l.Limit
	return &aztables.ListEntitiesOptions{Filter: l.Where, Top: &n}
}

func byOwner(owner string) string {
	return "PartitionKey eq 'docs' and Owner eq '" + owner + "'" // want `TL321: owner \(string\)`
}

func raw(c *aztables.Client, owner string) {
	w := byOwner(owner)
	l := listing{Where: &w, Limit: 10}
	c.NewListEntitiesPager(l.toOptions())
}

// The silent twin: the value is escaped before it enters the filter.
func escaped(c *aztables.Client, owner string) {
	w := "PartitionKey eq 'docs' and Owner eq '" + strings.ReplaceAll(owner, "'", "''") + "'"
	c.NewListEntitiesPager(listing{Where: &w, Limit: 10}.toOptions())
}
