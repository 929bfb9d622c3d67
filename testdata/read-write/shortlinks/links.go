// Package shortlinks resolves short URLs stored with the slug's first
// letter as PartitionKey (shape of a URL shortener on Cosmos DB's Table
// API through aztables).
package shortlinks

import (
	"context"
	"fmt"

	"github.com/Azure/azure-sdk-for-go/sdk/azcore/to"
	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

const table = "links"

// Account wraps the service client.
type Account struct {
	svc *aztables.ServiceClient
}

// Lookup returns the stored link for a slug, read with a point query.
func (a *Account) Lookup(ctx context.Context, partitionKey, rowKey string) ([]byte, error) {
	client := a.svc.NewClient(table)
	filter := fmt.Sprintf("PartitionKey eq '%s' and RowKey eq '%s'", partitionKey, rowKey) // L: TL321 TL321
	query := &aztables.ListEntitiesOptions{
		Filter: &filter,
		Select: to.Ptr("RowKey,Slug,Target"),
		Top:    to.Ptr(int32(1)),
	}
	pager := client.NewListEntitiesPager(query) // S
	for pager.More() {
		resp, err := pager.NextPage(ctx)
		if err != nil {
			return nil, err
		}
		for _, e := range resp.Entities {
			return e, nil
		}
	}
	return nil, nil
}

// Resolve is the handler-side entry: the slug comes from the request path.
func (a *Account) Resolve(ctx context.Context, slug string) ([]byte, error) {
	if slug == "" {
		return nil, nil
	}
	return a.Lookup(ctx, slug[:1], slug)
}
