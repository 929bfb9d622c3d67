// Package legacybatch: entities read from a table (a query's page, a
// helper, a cached field) put back in a legacy TableBatch with an
// insert-or-replace or insert-or-merge, which carries no If-Match.
package legacybatch

import "github.com/Azure/azure-sdk-for-go/storage"

// Every ticket of a queue page is stamped and merged back: a ticket
// another worker claimed in between is overwritten.
func stampPage(t *storage.Table, filter string) error {
	res, err := t.QueryEntities(30, storage.FullMetadata, &storage.QueryOptions{Filter: filter})
	if err != nil {
		return err
	}
	b := t.NewBatch()
	for _, tk := range res.Entities {
		tk.Properties["Stamped"] = true
		b.InsertOrMergeEntity(tk, false) // want `TL414: InsertOrMergeEntity, which sends no If-Match, writes back an entity read by QueryEntities`
	}
	return b.ExecuteBatch()
}

// oldest returns the first entity a query finds, or nil.
func oldest(t *storage.Table, filter string) (*storage.Entity, error) {
	res, err := t.QueryEntities(30, storage.FullMetadata, &storage.QueryOptions{Filter: filter, Top: 1})
	if err != nil || len(res.Entities) == 0 {
		return nil, err
	}
	return res.Entities[0], nil
}

// A helper's read, replaced by force.
func retire(t *storage.Table, filter string) error {
	e, err := oldest(t, filter)
	if err != nil || e == nil {
		return err
	}
	e.Properties["Retired"] = true
	b := t.NewBatch()
	b.InsertOrReplaceEntityByForce(e) // want `TL414: InsertOrReplaceEntityByForce, which sends no If-Match, writes back an entity read by QueryEntities$`
	return b.ExecuteBatch()
}

// quota keeps the row it read once and merges changes into it later.
type quota struct {
	t   *storage.Table
	row *storage.Entity
}

func (q *quota) load(pk string) error {
	e := q.t.GetEntityReference(pk, "quota")
	if err := e.Get(30, storage.FullMetadata, nil); err != nil {
		return err
	}
	q.row = e
	return nil
}

func (q *quota) spend(n int64) error {
	left, _ := q.row.Properties["Left"].(int64)
	q.row.Properties["Left"] = left - n
	b := q.t.NewBatch()
	b.InsertOrMergeEntityByForce(q.row) // want `TL414: InsertOrMergeEntityByForce, which sends no If-Match, writes back an entity read by Get`
	return b.ExecuteBatch()
}

// The row found, or a new one: when found, its update is lost to a
// concurrent writer.
func touch(t *storage.Table, pk, rk, filter string) error {
	res, err := t.QueryEntities(30, storage.FullMetadata, &storage.QueryOptions{Filter: filter})
	if err != nil {
		return err
	}
	var e *storage.Entity
	if len(res.Entities) > 0 {
		e = res.Entities[0]
	} else {
		e = t.GetEntityReference(pk, rk)
		e.Properties = map[string]interface{}{}
	}
	e.Properties["Touched"] = true
	b := t.NewBatch()
	b.InsertOrReplaceEntity(e, true) // want `TL414: InsertOrReplaceEntity, which sends no If-Match, writes back an entity read by QueryEntities`
	return b.ExecuteBatch()
}

// row reads an entity by its keys and returns it.
func row(t *storage.Table, pk, rk string) (*storage.Entity, error) {
	e := t.GetEntityReference(pk, rk)
	return e, e.Get(30, storage.FullMetadata, nil)
}

// A helper's Get, named when the message has room.
func close1(t *storage.Table, pk, rk string) error {
	e, err := row(t, pk, rk)
	if err != nil {
		return err
	}
	e.Properties["Open"] = false
	b := t.NewBatch()
	b.InsertOrMergeEntity(e, true) // want `TL414: InsertOrMergeEntity, which sends no If-Match, writes back an entity read by Get \(through row\)`
	return b.ExecuteBatch()
}
