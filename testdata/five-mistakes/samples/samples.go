// Package samples is the kind of getting-started program people publish
// for the legacy storage API: insert, then read back.
package samples

import (
	"fmt"

	"github.com/Azure/azure-sdk-for-go/storage"
)

// readBack inserts a row and finds it again by RowKey alone.
func readBack(t *storage.Table) error {
	e := t.GetEntityReference("partitionkey1", "rowkey3")
	e.Properties = map[string]interface{}{"SomeNumber": 123, "IsActive": true}
	if err := e.Insert(storage.EmptyPayload, nil); err != nil {
		return err
	}
	q := storage.QueryOptions{Filter: "RowKey eq 'rowkey3'"}  // L: TL301
	res, err := t.QueryEntities(30, storage.FullMetadata, &q) // L: TL307
	if err != nil {
		return err
	}
	if len(res.Entities) != 1 {
		return fmt.Errorf("found %d rows", len(res.Entities))
	}
	return nil
}

// printPartition prints one partition, reading one response only.
func printPartition(t *storage.Table) {
	q := &storage.QueryOptions{}
	q.Filter = "(PartitionKey eq 'TestPartition')"
	res, err := t.QueryEntities(30, storage.MinimalMetadata, q) // L: TL307
	if err != nil {
		panic(err)
	}
	for _, e := range res.Entities {
		fmt.Println(e.RowKey, e.Properties)
	}
}
