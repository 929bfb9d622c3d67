// Package legacyorders uses the legacy storage Table API: a first-page
// read of the whole table, and read-modify-writes through the entity.
package legacyorders

import (
	"os"
	"time"

	"github.com/Azure/azure-sdk-for-go/storage"
)

func table() (*storage.Table, error) {
	cli, err := storage.NewBasicClient(os.Getenv("ACCOUNT"), os.Getenv("ACCOUNT_KEY"))
	if err != nil {
		return nil, err
	}
	svc := cli.GetTableService()
	return svc.GetTableReference("orders"), nil
}

// Record inserts a new customer row.
func Record(pk, rk string) error {
	t, err := table()
	if err != nil {
		return err
	}
	e := t.GetEntityReference(pk, rk)
	e.Properties = map[string]interface{}{
		"Amount": 200.23,
		"Since":  time.Date(1992, time.December, 20, 21, 55, 0, 0, time.UTC), // S
		"Orders": int64(255),
	}
	return e.Insert(storage.FullMetadata, nil)
}

// First returns the first customer of the table.
func First() (*storage.Entity, error) {
	t, err := table()
	if err != nil {
		return nil, err
	}
	res, err := t.QueryEntities(30, storage.FullMetadata, nil) // L: TL301 TL307
	if err != nil || len(res.Entities) == 0 {
		return nil, err
	}
	return res.Entities[0], nil
}

// AddOrder reads a customer, counts one more order and writes it back
// with InsertOrMerge, which sends no If-Match.
func AddOrder(pk, rk string) error {
	t, err := table()
	if err != nil {
		return err
	}
	e := t.GetEntityReference(pk, rk)
	if err := e.Get(30, storage.FullMetadata, nil); err != nil {
		return err
	}
	n, _ := e.Properties["Orders"].(int64)
	e.Properties["Orders"] = n + 1
	return e.InsertOrMerge(nil) // L: TL414
}

// SetAmount is the same change written with Merge(false), which sends
// the ETag the Get kept.
func SetAmount(pk, rk string, amount float64) error {
	t, err := table()
	if err != nil {
		return err
	}
	e := t.GetEntityReference(pk, rk)
	if err := e.Get(30, storage.FullMetadata, nil); err != nil {
		return err
	}
	e.Properties["Amount"] = amount
	return e.Merge(false, nil) // S
}

// Deactivate reads a customer and writes it back in a batch with
// InsertOrMerge by force.
func Deactivate(pk, rk string) error {
	t, err := table()
	if err != nil {
		return err
	}
	e := t.GetEntityReference(pk, rk)
	if err := e.Get(30, storage.FullMetadata, nil); err != nil {
		return err
	}
	e.Properties["Active"] = false
	b := t.NewBatch()
	b.InsertOrMergeEntityByForce(e) // L: TL414
	return b.ExecuteBatch()
}
