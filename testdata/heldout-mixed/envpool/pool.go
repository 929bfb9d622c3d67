// Package envpool hands out shared test environments from a pool kept in
// a table (legacy storage API): one entity per environment, keyed by its
// name twice, reserved and released by stamping a property.
package envpool

import (
	"errors"
	"fmt"
	"time"

	"github.com/Azure/azure-sdk-for-go/storage"
)

const readTimeout = 30

// Pool is the environment table.
type Pool struct {
	tbl *storage.Table
}

// Open connects to the pool table with an account name and key given on
// the command line.
func Open(account, key, table string) (*Pool, error) {
	cli, err := storage.NewBasicClient(account, key)
	if err != nil {
		return nil, fmt.Errorf("table auth: %w", err)
	}
	svc := cli.GetTableService()
	return &Pool{tbl: svc.GetTableReference(table)}, nil
}

// Release clears the reservation of env; the merge carries the ETag that
// Get read.
func (p *Pool) Release(env string) error {
	e := p.tbl.GetEntityReference(env, env)
	if err := e.Get(readTimeout, storage.MinimalMetadata, &storage.GetEntityOptions{}); err != nil {
		return fmt.Errorf("read %s: %w", env, err)
	}
	e.Properties["ReservedAt"] = ""
	return e.Merge(false, &storage.EntityOptions{}) // S
}

// ForceRelease clears it whatever happened since the read (added: the
// operator's override).
func (p *Pool) ForceRelease(env string) error {
	e := p.tbl.GetEntityReference(env, env)
	if err := e.Get(readTimeout, storage.MinimalMetadata, &storage.GetEntityOptions{}); err != nil {
		return err
	}
	e.Properties["ReservedAt"] = ""
	e.Properties["ReleasedBy"] = "operator"
	return e.Merge(true, &storage.EntityOptions{}) // L: TL414
}

// Reserve takes the first free environment: a query for a free one, then
// a conditional merge, retried on conflict.
func (p *Pool) Reserve() (string, error) {
	for attempt := 0; attempt < 5; attempt++ {
		res, err := p.tbl.QueryEntities(readTimeout, storage.MinimalMetadata, &storage.QueryOptions{Filter: "ReservedAt eq ''", Top: 10}) // L: TL301 TL307
		if err != nil {
			return "", err
		}
		if len(res.Entities) == 0 {
			return "", errors.New("no free environment")
		}
		e := res.Entities[0]
		e.Properties["ReservedAt"] = time.Now().UTC().Format(time.RFC3339)
		if err := e.Merge(false, &storage.EntityOptions{}); err == nil { // S
			return e.RowKey, nil
		}
	}
	return "", errors.New("pool busy")
}

// Enroll adds new environments to the pool one at a time, each in its own
// partition (added: the setup command).
func (p *Pool) Enroll(names []string) error {
	b := p.tbl.NewBatch()
	for _, n := range names {
		e := p.tbl.GetEntityReference(n, n)
		e.Properties = map[string]interface{}{"ReservedAt": ""}
		b.InsertOrReplaceEntity(e, true)
	}
	return b.ExecuteBatch() // L: TL401 TL403
}
