// Package store is the table implementation of the catalog's product
// repository (shape of a clean-architecture service: the domain layer
// holds an interface, the storage layer implements it).
package store

import (
	"context"
	"encoding/json"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

// Product is a catalog entry.
type Product struct {
	PartitionKey string  `json:"PartitionKey"`
	RowKey       string  `json:"RowKey"`
	Name         string  `json:"Name"`
	Category     string  `json:"Category"`
	Price        float64 `json:"Price"`
}

// Products implements the service's repository.
type Products struct {
	Client *aztables.Client
}

// Find runs the filter it is given.
func (p *Products) Find(ctx context.Context, filter string) ([]Product, error) {
	pager := p.Client.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &filter})
	var out []Product
	for pager.More() {
		page, err := pager.NextPage(ctx)
		if err != nil {
			return nil, err
		}
		for _, raw := range page.Entities {
			var pr Product
			if err := json.Unmarshal(raw, &pr); err != nil {
				return nil, err
			}
			out = append(out, pr)
		}
	}
	return out, nil
}

// Put writes a product.
func (p *Products) Put(ctx context.Context, pr Product) error {
	b, err := json.Marshal(pr)
	if err != nil {
		return err
	}
	_, err = p.Client.UpsertEntity(ctx, b, nil) // S
	return err
}
