package legacybatch

import "github.com/Azure/azure-sdk-for-go/storage"

// Silent below: nothing written back was read, the batch sends the
// ETag, or the read is copied under other keys.

// fresh returns a new reference, never read.
func fresh(t *storage.Table, pk string) *storage.Entity {
	e := t.GetEntityReference(pk, "totals")
	e.Properties = map[string]interface{}{"Sum": int64(0)}
	return e
}

// A blind write of a new entity, through a helper.
func reset(t *storage.Table, pk string) error {
	b := t.NewBatch()
	b.InsertOrReplaceEntityByForce(fresh(t, pk))
	return b.ExecuteBatch()
}

// A query's entities replaced with MergeEntity, which sends their ETag.
func markConditional(t *storage.Table, filter string) error {
	res, err := t.QueryEntities(30, storage.FullMetadata, &storage.QueryOptions{Filter: filter})
	if err != nil {
		return err
	}
	b := t.NewBatch()
	for _, e := range res.Entities {
		e.Properties["Marked"] = true
		b.MergeEntity(e)
	}
	return b.ExecuteBatch()
}

// A query's entities copied under new row keys: other entities.
func snapshot(t *storage.Table, filter, tag string) error {
	res, err := t.QueryEntities(30, storage.FullMetadata, &storage.QueryOptions{Filter: filter})
	if err != nil {
		return err
	}
	b := t.NewBatch()
	for _, e := range res.Entities {
		e.RowKey = tag + "-" + e.RowKey
		b.InsertOrReplaceEntity(e, false)
	}
	return b.ExecuteBatch()
}

// counterRow keeps only references it made itself.
type counterRow struct {
	t   *storage.Table
	row *storage.Entity
}

func (c *counterRow) open(pk string) { c.row = c.t.GetEntityReference(pk, "n") }

func (c *counterRow) set(n int64) error {
	c.row.Properties = map[string]interface{}{"N": n}
	b := c.t.NewBatch()
	b.InsertOrMergeEntity(c.row, false)
	return b.ExecuteBatch()
}

// Inserted, not upserted: an insert fails if the row exists.
func insertFound(t *storage.Table, filter string) error {
	e, err := oldest(t, filter)
	if err != nil || e == nil {
		return err
	}
	b := t.NewBatch()
	b.InsertEntity(e)
	return b.ExecuteBatch()
}
