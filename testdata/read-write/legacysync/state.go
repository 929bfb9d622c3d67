// Package legacysync keeps a mailing-list sync's state with the legacy
// storage package: one partition per list owner, a row per list (shape
// of a list-sync tool written before aztables).
package legacysync

import (
	"strings"

	"github.com/Azure/azure-sdk-for-go/storage"
)

// Store is the state table.
type Store struct {
	table *storage.Table
}

// Load reads every list of an owner, following the continuation.
func (s *Store) Load(owner string) (map[string]map[string]any, error) {
	q := &storage.QueryOptions{Top: 1000, Filter: "PartitionKey eq '" + strings.ReplaceAll(owner, "'", "''") + "'"} // S
	res, err := s.table.QueryEntities(30, storage.MinimalMetadata, q)                                               // S
	if err != nil {
		return nil, err
	}
	out := map[string]map[string]any{}
	for {
		for _, e := range res.Entities {
			out[e.RowKey] = e.Properties
		}
		if res.NextLink == nil {
			break
		}
		if res, err = res.NextResults(nil); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// SaveAll writes every list of an owner in one batch.
func (s *Store) SaveAll(owner string, lists map[string]map[string]any) error {
	b := s.table.NewBatch()
	for name, props := range lists {
		e := s.table.GetEntityReference(owner, name)
		e.Properties = props
		b.InsertOrReplaceEntity(e, true)
	}
	return b.ExecuteBatch() // L: TL401
}

// MarkSynced reads a list's row, sets its flag and writes it back
// unconditionally.
func (s *Store) MarkSynced(owner, list string) error {
	e := s.table.GetEntityReference(owner, list)
	if err := e.Get(30, storage.FullMetadata, nil); err != nil {
		return err
	}
	e.Properties["Synced"] = true
	return e.Update(true, nil) // L: TL414
}

// Touch merges a flag with the ETag the read stored.
func (s *Store) Touch(owner, list string) error {
	e := s.table.GetEntityReference(owner, list)
	if err := e.Get(30, storage.FullMetadata, nil); err != nil {
		return err
	}
	e.Properties["Touched"] = true
	return e.Merge(false, nil) // S
}
