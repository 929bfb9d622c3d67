// Package optscaller builds options and hands them to a paging helper
// in another package.
package optscaller

import (
	"context"
	"fmt"

	"github.com/Azure/azure-sdk-for-go/sdk/azcore/to"
	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
	"github.com/Azure/azure-sdk-for-go/storage"

	"optshelper"
)

func scans(ctx context.Context, c *aztables.Client, t *storage.Table, name string) {
	optshelper.ListEntities(ctx, c, nil)                                                                              // want `TL301: query via ListEntities at helper.go:15 has no filter`
	optshelper.ListEntities(ctx, c, &aztables.ListEntitiesOptions{Filter: to.Ptr(fmt.Sprintf("Name eq '%s'", name))}) // want `TL301: query via ListEntities at helper.go:15 scans the whole table`
	opts := &aztables.ListEntitiesOptions{Filter: to.Ptr("RowKey eq 'r'")}
	optshelper.ListEntities(ctx, c, opts)                             // want `TL301: query via ListEntities at helper.go:15 scans the whole table`
	optshelper.Query(t, nil)                                          // want `TL301: query via Query at helper.go:33 has no filter`
	optshelper.Query(t, &storage.QueryOptions{Filter: "Name eq 'x'"}) // want `TL301: query via Query at helper.go:33 scans the whole table`
}

// Partition-scoped and point queries through the same helper stay silent.
func scoped(ctx context.Context, c *aztables.Client, t *storage.Table, dept, id string) {
	optshelper.ListEntities(ctx, c, &aztables.ListEntitiesOptions{Filter: to.Ptr(fmt.Sprintf("PartitionKey eq '%s' and RowKey eq '%s'", dept, id))})
	optshelper.ListEntities(ctx, c, &aztables.ListEntitiesOptions{Filter: to.Ptr("PartitionKey eq 'p' and Age gt 3")})
	optshelper.Query(t, &storage.QueryOptions{Filter: "PartitionKey eq 'p'"})
	var unknown *aztables.ListEntitiesOptions = pick()
	optshelper.ListEntities(ctx, c, unknown)
}

func pick() *aztables.ListEntitiesOptions { return nil }
