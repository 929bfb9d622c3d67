// Package tablerepo is a small repository over the legacy storage API used
// by a bot to keep per-user settings.
package tablerepo

import (
	"github.com/Azure/azure-sdk-for-go/storage"
)

// Repo hides the client.
type Repo struct{ client storage.Client }

// Table opens (and creates) a table.
func (r *Repo) Table(name string) (*storage.Table, error) {
	ts := r.client.GetTableService()
	t := ts.GetTableReference(name)
	return t, t.Create(30, storage.EmptyPayload, nil)
}

// Get reads a user's rows, or one row when rowKey is set.
func (r *Repo) Get(pk, rowKey string, t *storage.Table) ([]*storage.Entity, error) {
	filter := "PartitionKey eq '" + pk + "'" // L: TL321
	if rowKey != "" {
		filter += " and RowKey eq '" + rowKey + "'" // L: TL321
	}
	opts := storage.QueryOptions{Filter: filter}
	res, err := t.QueryEntities(30, storage.FullMetadata, &opts) // L: TL307
	if err != nil {
		return nil, err
	}
	return res.Entities, nil
}

// Insert adds a row.
func (r *Repo) Insert(pk, rk string, props map[string]interface{}, t *storage.Table) error {
	e := t.GetEntityReference(pk, rk)
	e.Properties = props
	return e.Insert(storage.EmptyPayload, nil)
}
