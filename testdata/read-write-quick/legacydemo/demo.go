// Package legacydemo is a getting-started program for the legacy API.
package legacydemo

import (
	"fmt"
	"time"

	"github.com/Azure/azure-sdk-for-go/storage"
)

// Run creates a table, inserts a row and reads it back by RowKey.
func Run() error {
	c, err := storage.NewBasicClient("demoacct", "c2VjcmV0a2V5c2VjcmV0a2V5c2VjcmV0a2V5c2VjcmV0a2V5c2VjcmV0a2V5c2VjcmV0a2V5c2VjcmV0a2V5c2VjcmV0a2V5MDA=") // L: TL601
	if err != nil {
		return err
	}
	svc := c.GetTableService()
	t := svc.GetTableReference("demotable")
	if err := t.Create(30, storage.EmptyPayload, nil); err != nil {
		return err
	}
	e := t.GetEntityReference("partitionkey1", "rowkey3")
	e.Properties = map[string]interface{}{
		"Number":  123,
		"Text":    "some text",
		"Born":    time.Date(1992, time.December, 20, 21, 55, 0, 0, time.UTC), // S
		"Enabled": true,
	}
	if err := e.Insert(storage.EmptyPayload, nil); err != nil {
		return err
	}
	q := storage.QueryOptions{Filter: "RowKey eq 'rowkey3'"}  // L: TL301
	res, err := t.QueryEntities(30, storage.FullMetadata, &q) // L: TL307
	if err != nil {
		return err
	}
	if len(res.Entities) != 1 {
		return fmt.Errorf("expected one entity, got %d", len(res.Entities))
	}
	return nil
}

// Emulator talks to the local storage emulator with its published key.
func Emulator() (storage.Client, error) {
	return storage.NewEmulatorClient() // S
}
