// Package store runs note queries for the api package.
package store

import (
	"context"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

// Notes is the table behind the notes API.
type Notes struct{ C *aztables.Client }

// Each calls fn for every entity the options select, following every page.
func (n *Notes) Each(ctx context.Context, o *aztables.ListEntitiesOptions, fn func([]byte)) error {
	pg := n.C.NewListEntitiesPager(o)
	for pg.More() {
		resp, err := pg.NextPage(ctx)
		if err != nil {
			return err
		}
		for _, e := range resp.Entities {
			fn(e)
		}
	}
	return nil
}

// Where runs a filter string.
func (n *Notes) Where(ctx context.Context, filter string) ([][]byte, error) {
	var out [][]byte
	err := n.Each(ctx, &aztables.ListEntitiesOptions{Filter: &filter}, func(b []byte) { out = append(out, b) })
	return out, err
}
