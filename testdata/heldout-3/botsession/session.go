// Package botsession is the session back end of an HTTP middleware kit on
// the legacy storage API: one "sess" partition, the session id as RowKey,
// the session's values as the entity's properties.
package botsession

import (
	"fmt"
	"net/http"
	"time"

	"github.com/Azure/azure-sdk-for-go/storage"
)

const (
	sessPartition = "sess"
	timeoutSec    = 10
)

// Backend is what the middleware calls.
type Backend interface {
	Load(id string) (map[string]interface{}, error)
	Save(id string, values map[string]interface{}) error
	Reset(id string) error
}

// Store implements Backend over one table.
type Store struct {
	tbl *storage.Table
	ref func(t *storage.Table, id string) *storage.Entity
}

var _ Backend = Store{}

// Open connects with the account name and key from the configuration.
func Open(account, key, table string) (*Store, error) {
	cli, err := storage.NewBasicClient(account, key)
	if err != nil {
		return nil, fmt.Errorf("session store: %w", err)
	}
	svc := cli.GetTableService()
	return &Store{tbl: svc.GetTableReference(table)}, nil
}

func (s Store) entity(id string) *storage.Entity {
	if s.ref != nil {
		return s.ref(s.tbl, id)
	}
	return s.tbl.GetEntityReference(sessPartition, id)
}

// Load returns a session's values.
func (s Store) Load(id string) (map[string]interface{}, error) {
	e := s.entity(id)
	if err := e.Get(timeoutSec, storage.MinimalMetadata, nil); err != nil {
		return nil, err
	}
	return e.Properties, nil
}

// Save merges the values into the session, creating it if needed; nothing
// is read first.
func (s Store) Save(id string, values map[string]interface{}) error {
	e := s.entity(id)
	e.Properties = values
	return e.InsertOrMerge(nil) // S
}

// Reset deletes the session under the ETag of the read.
func (s Store) Reset(id string) error {
	e := s.entity(id)
	if err := e.Get(timeoutSec, storage.MinimalMetadata, nil); err != nil {
		return err
	}
	return e.Delete(false, nil) // S
}

// Touch stamps the last visit on the session it read (added).
func (s Store) Touch(id string) error {
	e := s.entity(id)
	if err := e.Get(timeoutSec, storage.MinimalMetadata, nil); err != nil {
		return err
	}
	e.Properties["SeenAt"] = time.Now().UTC()
	return e.InsertOrMerge(nil) // L: TL414
}

// Bump counts a request in the session it read, forcing the update (added).
func (s Store) Bump(id string) error {
	e := s.entity(id)
	if err := e.Get(timeoutSec, storage.MinimalMetadata, nil); err != nil {
		return err
	}
	n, _ := e.Properties["Hits"].(float64)
	e.Properties["Hits"] = n + 1
	return e.Update(true, nil) // L: TL414
}

// Sweep deletes sessions idle since the cut-off (added: one result segment
// read, all of it deleted in one batch).
func (s Store) Sweep(cutoff time.Time) error {
	f := "PartitionKey eq 'sess' and SeenAt lt datetime'" + cutoff.UTC().Format("2006-01-02T15:04:05Z") + "'"
	res, err := s.tbl.QueryEntities(timeoutSec, storage.MinimalMetadata, &storage.QueryOptions{Filter: f}) // L: TL303 TL307
	if err != nil {
		return err
	}
	b := s.tbl.NewBatch()
	for _, e := range res.Entities {
		b.DeleteEntity(e, true)
	}
	return b.ExecuteBatch() // L: TL401
}

// FromCookie loads the session named by the request's cookie (added).
func (s Store) FromCookie(r *http.Request) (map[string]interface{}, error) {
	c, err := r.Cookie("sid")
	if err != nil {
		return nil, err
	}
	e := s.tbl.GetEntityReference(sessPartition, c.Value) // L: TL201
	if err := e.Get(timeoutSec, storage.MinimalMetadata, nil); err != nil {
		return nil, err
	}
	return e.Properties, nil
}
