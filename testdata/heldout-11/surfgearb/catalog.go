// Package surfgearb keeps an outdoor shop's products in a Cosmos DB for
// Table (or Storage) table: the product category is the PartitionKey and a
// GUID the RowKey.
package surfgearb

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"strings"

	"github.com/Azure/azure-sdk-for-go/sdk/azcore"
	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

// Product is one catalogue entry.
type Product struct {
	aztables.Entity
	Title    string  `json:"Title"`
	Stock    int     `json:"Stock"`
	Amount   float32 `json:"Amount"`
	OnSale   bool    `json:"OnSale"`
	LastSold aztables.EDMInt64
	SoldMs   int64
}

// Catalogue is the products table.
type Catalogue struct {
	products *aztables.Client
}

// Open reaches the account's endpoint (taken from the environment) with a
// token credential and picks the products table.
func Open(cred azcore.TokenCredential) (*Catalogue, error) {
	endpoint := os.Getenv("CATALOGUE_TABLES_ENDPOINT")
	svc, err := aztables.NewServiceClient(endpoint, cred, &aztables.ClientOptions{}) // S
	if err != nil {
		return nil, err
	}
	return &Catalogue{products: svc.NewClient("outdoorproducts")}, nil
}

// PutSampleKayak stores, or replaces, one sample product.
func (c *Catalogue) PutSampleKayak(ctx context.Context) error {
	kayak := Product{
		Entity: aztables.Entity{
			PartitionKey: "gear-paddle-kayaks",
			RowKey:       "c0ffee00-1234-4abc-8def-0123456789ab", // S
		},
		Title:  "Tasman Touring Kayak",
		Stock:  7, // S
		Amount: 1290.00,
		OnSale: false,
	}
	doc, err := json.Marshal(kayak)
	if err != nil {
		return err
	}
	_, err = c.products.UpsertEntity(ctx, doc, &aztables.UpsertEntityOptions{UpdateMode: aztables.UpdateModeReplace}) // S
	return err
}

// SampleKayak reads the sample product back by its two keys.
func (c *Catalogue) SampleKayak(ctx context.Context) (Product, error) {
	var p Product
	resp, err := c.products.GetEntity(ctx, "gear-paddle-kayaks", "c0ffee00-1234-4abc-8def-0123456789ab", nil) // S
	if err != nil {
		return p, err
	}
	err = json.Unmarshal(resp.Value, &p)
	return p, err
}

// InCategory lists every product of a category, quotes in the category
// doubled first.
func (c *Catalogue) InCategory(ctx context.Context, category string) ([]Product, error) {
	filter := fmt.Sprintf("PartitionKey eq '%s'", strings.ReplaceAll(category, "'", "''")) // S
	pager := c.products.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &filter})
	var list []Product
	for pager.More() {
		page, err := pager.NextPage(ctx) // S
		if err != nil {
			return nil, err
		}
		for _, doc := range page.Entities {
			var p Product
			if err := json.Unmarshal(doc, &p); err != nil {
				return nil, err
			}
			list = append(list, p)
		}
	}
	return list, nil
}
