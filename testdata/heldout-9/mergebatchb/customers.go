// Package mergebatchb writes customer rows to a table on the storage
// emulator through a one-entity legacy batch, creating the table when the
// batch reports it missing, and reads the table back.
package mergebatchb

import (
	"fmt"
	"strings"
	"time"

	"github.com/Azure/azure-sdk-for-go/storage"
)

const customersTable = "Customers"

func open() (*storage.Table, error) {
	c, err := storage.NewEmulatorClient()
	if err != nil {
		return nil, err
	}
	svc := c.GetTableService()
	return svc.GetTableReference(customersTable), nil
}

// Seed merges one sample customer under the keys it is given.
func Seed(region, code string) error {
	t, err := open()
	if err != nil {
		return err
	}
	row := t.GetEntityReference(region, code)
	row.Properties = map[string]interface{}{
		"Balance":      310.75,
		"Reference":    "C-" + code,
		"Since":        time.Date(1994, time.March, 3, 9, 30, 0, 0, time.UTC), // S
		"Active":       true,
		"OrdersPlaced": int64(412), // S
	}
	return mergeOne(t, row)
}

// SeedPlaceholder (added) stores a customer nobody has met yet.
func SeedPlaceholder(region, code string) error {
	t, err := open()
	if err != nil {
		return err
	}
	row := t.GetEntityReference(region, code)
	row.Properties = map[string]interface{}{
		"Reference":  "C-" + code,
		"Since":      time.Time{}, // L: TL124
		"QuotaBytes": 20 << 30,    // L: TL125
		"Active":     false,
	}
	return mergeOne(t, row)
}

func mergeOne(t *storage.Table, row *storage.Entity) error {
	b := t.NewBatch()
	b.InsertOrMergeEntity(row, true)
	err := b.ExecuteBatch() // S
	if err != nil {
		if strings.Contains(err.Error(), "TableNotFound") {
			if cerr := t.Create(10, storage.FullMetadata, nil); cerr != nil {
				return fmt.Errorf("create table: %w", cerr)
			}
			err = b.ExecuteBatch()
		}
	}
	return err
}

// First prints the first customer the table returns.
func First() {
	t, err := open()
	if err != nil {
		fmt.Println(err)
		return
	}
	res, err := t.QueryEntities(30, storage.FullMetadata, nil) // L: TL301 TL307
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(res.Entities[0])
}

// Customer is one line of an import file.
type Customer struct {
	Region string
	Code   string
	Name   string
}

// Import (added) merges every customer of a file in one batch.
func Import(t *storage.Table, all []Customer) error {
	b := t.NewBatch()
	for _, c := range all {
		row := t.GetEntityReference(c.Region, c.Code)
		row.Properties = map[string]interface{}{"Name": c.Name}
		b.InsertOrMergeEntity(row, true)
	}
	return b.ExecuteBatch() // L: TL401 TL403
}

// ImportGrouped (added) is its twin: one batch per region, at most 100
// rows each.
func ImportGrouped(t *storage.Table, all []Customer) error {
	byRegion := map[string][]Customer{}
	for _, c := range all {
		byRegion[c.Region] = append(byRegion[c.Region], c)
	}
	for region, group := range byRegion {
		for start := 0; start < len(group); start += 100 {
			end := min(start+100, len(group))
			b := t.NewBatch()
			for _, c := range group[start:end] {
				row := t.GetEntityReference(region, c.Code)
				row.Properties = map[string]interface{}{"Name": c.Name}
				b.InsertOrMergeEntity(row, true)
			}
			if err := b.ExecuteBatch(); err != nil { // S
				return err
			}
		}
	}
	return nil
}
