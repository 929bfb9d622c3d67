// Package pageloop reads a product catalogue page by page.
package pageloop

import (
	"context"
	"strings"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

// Products reads a category's products, stopping at a short page.
func Products(ctx context.Context, c *aztables.Client, category string) ([][]byte, error) {
	f := "PartitionKey eq '" + strings.ReplaceAll(category, "'", "''") + "'" // S
	top := int32(500)
	pg := c.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &f, Top: &top}) // S
	var out [][]byte
	for pg.More() {
		resp, err := pg.NextPage(ctx)
		if err != nil {
			return nil, err
		}
		out = append(out, resp.Entities...)
		if len(resp.Entities) < int(top) { // L: TL308
			break
		}
	}
	return out, nil
}

// Bulk asks for five thousand products per page.
func Bulk(ctx context.Context, c *aztables.Client) ([][]byte, error) {
	f := "PartitionKey eq 'bulk'"
	pg := c.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &f, Top: ptr(int32(5000))}) // L: TL309
	var out [][]byte
	for pg.More() {
		resp, err := pg.NextPage(ctx)
		if err != nil {
			return nil, err
		}
		out = append(out, resp.Entities...)
	}
	return out, nil
}

func ptr[T any](v T) *T { return &v }

// Pick reads up to twenty named products of a category in one query.
func Pick(ctx context.Context, c *aztables.Client, ids []string) ([][]byte, error) {
	parts := make([]string, 0, len(ids))
	for _, id := range ids {
		parts = append(parts, "RowKey eq '"+strings.ReplaceAll(id, "'", "''")+"'") // S
	}
	f := "PartitionKey eq 'p' and (" + strings.Join(parts, " or ") + ")"
	pg := c.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &f}) // L: TL304
	var out [][]byte
	for pg.More() {
		resp, err := pg.NextPage(ctx)
		if err != nil {
			return nil, err
		}
		out = append(out, resp.Entities...)
	}
	return out, nil
}

// Featured lists a fixed set of seventeen featured products.
func Featured(ctx context.Context, c *aztables.Client) ([][]byte, error) {
	f := "PartitionKey eq 'p' and (RowKey eq '01' or RowKey eq '02' or RowKey eq '03' or RowKey eq '04' or RowKey eq '05' or RowKey eq '06' or RowKey eq '07' or RowKey eq '08' or RowKey eq '09' or RowKey eq '10' or RowKey eq '11' or RowKey eq '12' or RowKey eq '13' or RowKey eq '14' or RowKey eq '15' or RowKey eq '16')"
	pg := c.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &f}) // L: TL304 TL322
	var out [][]byte
	for pg.More() {
		resp, err := pg.NextPage(ctx)
		if err != nil {
			return nil, err
		}
		out = append(out, resp.Entities...)
	}
	return out, nil
}
