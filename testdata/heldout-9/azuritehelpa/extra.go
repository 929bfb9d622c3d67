package azuritehelpa

import (
	"fmt"

	"github.com/Azure/azure-sdk-for-go/storage"
)

// Bump reads a value with its version and writes a new value back: the
// new map leaves the version out and the write ignores the read's ETag.
func (e *Emulator) Bump(table, part, row, value string) error {
	svc, err := e.tables()
	if err != nil {
		return err
	}
	ent := svc.GetTableReference(table).GetEntityReference(part, row)
	if err := ent.Get(30, storage.FullMetadata, &storage.GetEntityOptions{Select: []string{"value", "version"}}); err != nil {
		return err
	}
	if ent.Properties["value"] == value {
		return nil
	}
	ent.Properties = map[string]interface{}{"value": value}
	return ent.InsertOrReplace(nil) // L: TL411 TL414
}

// BumpChecked is Bump's twin: every property read is sent again and the
// write carries the read's ETag.
func (e *Emulator) BumpChecked(table, part, row, value string) error {
	svc, err := e.tables()
	if err != nil {
		return err
	}
	ent := svc.GetTableReference(table).GetEntityReference(part, row)
	if err := ent.Get(30, storage.FullMetadata, &storage.GetEntityOptions{Select: []string{"value", "version"}}); err != nil {
		return err
	}
	ver, _ := ent.Properties["version"].(int64)
	ent.Properties = map[string]interface{}{"value": value, "version": ver + 1}
	return ent.Update(false, nil) // S
}

// Seed writes a fixture of values into one partition in a single batch.
func (e *Emulator) Seed(table, part string, values map[string]string) error {
	svc, err := e.tables()
	if err != nil {
		return err
	}
	t := svc.GetTableReference(table)
	b := t.NewBatch()
	for row, v := range values {
		ent := t.GetEntityReference(part, row)
		ent.Properties = map[string]interface{}{"value": v}
		b.InsertOrReplaceEntity(ent, false)
	}
	return b.ExecuteBatch() // L: TL401
}

// SeedChunked is Seed's twin: a batch every 100 rows.
func (e *Emulator) SeedChunked(table, part string, values map[string]string) error {
	svc, err := e.tables()
	if err != nil {
		return err
	}
	t := svc.GetTableReference(table)
	b := t.NewBatch()
	n := 0
	for row, v := range values {
		ent := t.GetEntityReference(part, row)
		ent.Properties = map[string]interface{}{"value": v}
		b.InsertOrReplaceEntity(ent, false)
		n++
		if n == 100 {
			if err := b.ExecuteBatch(); err != nil { // S
				return fmt.Errorf("seed %s: %w", table, err)
			}
			b = t.NewBatch()
			n = 0
		}
	}
	if n > 0 {
		return b.ExecuteBatch() // S
	}
	return nil
}
