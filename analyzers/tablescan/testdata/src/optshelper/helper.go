// Package optshelper runs queries with options its callers build: the
// shape "caller builds ListEntitiesOptions, a paging helper runs them".
package optshelper

import (
	"context"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
	"github.com/Azure/azure-sdk-for-go/storage"
)

// ListEntities reads every page of the query the options describe.
func ListEntities(ctx context.Context, c *aztables.Client, o *aztables.ListEntitiesOptions) int {
	n := 0
	p := c.NewListEntitiesPager(o)
	for p.More() {
		page, err := p.NextPage(ctx)
		if err != nil {
			return n
		}
		n += len(page.Entities)
	}
	return n
}

// listValue takes the options by value.
func listValue(c *aztables.Client, o aztables.ListEntitiesOptions) {
	c.NewListEntitiesPager(&o)
}

// Query is the legacy API's helper.
func Query(t *storage.Table, o *storage.QueryOptions) {
	t.QueryEntities(30, storage.MinimalMetadata, o)
}

// forward passes the options on to another helper.
func forward(ctx context.Context, c *aztables.Client, o *aztables.ListEntitiesOptions) int {
	return ListEntities(ctx, c, o)
}

func local(ctx context.Context, c *aztables.Client, name string) {
	ListEntities(ctx, c, nil) // want `TL301: query via ListEntities at helper.go:15 has no filter`
	ListEntities(ctx, c, &aztables.ListEntitiesOptions{Filter: &name})
	ListEntities(ctx, c, &aztables.ListEntitiesOptions{Top: &[]int32{5}[0]}) // want `TL301: query via ListEntities at helper.go:15 has no filter`
	listValue(c, aztables.ListEntitiesOptions{})                             // want `TL301: query via listValue at helper.go:28 has no filter`
	forward(ctx, c, nil)                                                     // want `TL301: query via forward at helper.go:15 has no filter`
	pk := "PartitionKey eq 'p'"
	forward(ctx, c, &aztables.ListEntitiesOptions{Filter: &pk})
}

// defaulted replaces nil options with empty ones: still the caller's
// options.
func defaulted(c *aztables.Client, o *aztables.ListEntitiesOptions) {
	if o == nil {
		o = &aztables.ListEntitiesOptions{}
	}
	c.NewListEntitiesPager(o)
}

// withFilter replaces nil options with a partition filter: not followed.
func withFilter(c *aztables.Client, o *aztables.ListEntitiesOptions) {
	if o == nil {
		o = &aztables.ListEntitiesOptions{Filter: &[]string{"PartitionKey eq 'p'"}[0]}
	}
	c.NewListEntitiesPager(o)
}

func callDefaulted(c *aztables.Client) {
	defaulted(c, nil) // want `TL301: query via defaulted at helper.go:\d+ has no filter`
	defaulted(c, &aztables.ListEntitiesOptions{Filter: &[]string{"PartitionKey eq 'p'"}[0]})
	withFilter(c, nil)
}
