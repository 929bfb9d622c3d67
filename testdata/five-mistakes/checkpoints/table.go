// Package checkpoints keeps event-hub reader checkpoints in a table
// (legacy storage API): one row per partition reader.
package checkpoints

import (
	"fmt"
	"strconv"

	"github.com/Azure/azure-sdk-for-go/storage"
)

// Checkpoint is a reader's position.
type Checkpoint struct {
	PartitionKey, RowKey, ETag string
	Index                      int64
}

// Table is the checkpoint table.
type Table struct {
	t       *storage.Table
	timeout uint
}

// Get reads one checkpoint, or a fresh one when none is stored.
func (c *Table) Get(pk, rk string) (*Checkpoint, error) {
	opts := storage.QueryOptions{Top: 1, Filter: c.filterFor(pk, rk)}
	res, err := c.t.QueryEntities(c.timeout, storage.NoMetadata, &opts) // S
	if err != nil {
		return nil, err
	}
	if len(res.Entities) == 0 {
		return &Checkpoint{PartitionKey: pk, RowKey: rk}, nil
	}
	e := res.Entities[0]
	idx, _ := strconv.ParseInt(fmt.Sprint(e.Properties["Index"]), 10, 64)
	return &Checkpoint{PartitionKey: e.PartitionKey, RowKey: e.RowKey, Index: idx}, nil
}

// Save writes a checkpoint in a batch of one.
func (c *Table) Save(cp *Checkpoint) error {
	b := c.t.NewBatch()
	b.InsertOrReplaceEntityByForce(&storage.Entity{
		Table: c.t, PartitionKey: cp.PartitionKey, RowKey: cp.RowKey,
		Properties: map[string]interface{}{"ETag": cp.ETag, "Index": cp.Index},
	})
	return b.ExecuteBatch()
}

func (c *Table) filterFor(pk, rk string) string {
	return fmt.Sprintf("PartitionKey eq '%s' and RowKey eq '%s'", pk, rk) // L: TL321 TL321
}
