// Package novelstate remembers how far a generator has got through a
// book: one row in a state table, read at start and written after each
// chapter.
package novelstate

import (
	"context"
	"encoding/json"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

const (
	statePartition = "novel"
	stateRow       = "progress"
)

type progressRow struct {
	PartitionKey string
	RowKey       string
	Index        int
}

// Client wraps the state table.
type Client struct {
	table *aztables.Client
}

// Index returns the last chapter written, 0 when nothing is stored yet.
func (c *Client) Index(ctx context.Context) int {
	resp, err := c.table.GetEntity(ctx, statePartition, stateRow, nil)
	if err != nil {
		return 0
	}
	var r progressRow
	if err := json.Unmarshal(resp.Value, &r); err != nil {
		return 0
	}
	return r.Index
}

// SetIndex records the chapter just written. Nothing ever inserts the row:
// on a new table every call fails with 404 (ResourceNotFound).
func (c *Client) SetIndex(ctx context.Context, index int) error {
	r := progressRow{PartitionKey: statePartition, RowKey: stateRow, Index: index}
	b, err := json.Marshal(r)
	if err != nil {
		return err
	}
	_, err = c.table.UpdateEntity(ctx, b, &aztables.UpdateEntityOptions{UpdateMode: aztables.UpdateModeMerge}) // L: TL412
	return err
}
