// Package liststate keeps the sync state of lists in one partition.
package liststate

import (
	"fmt"
	"os"
	"time"

	"github.com/Azure/azure-sdk-for-go/storage"
)

const (
	stateTable = "syncstate"
	partition  = "lists"
)

func client() (storage.Client, error) {
	return storage.NewBasicClient(os.Getenv("STATE_ACCOUNT"), os.Getenv("STATE_KEY")) // S
}

// Load reads every list's state.
func Load() (map[string]map[string]interface{}, error) {
	c, err := client()
	if err != nil {
		return nil, err
	}
	svc := c.GetTableService()
	t := svc.GetTableReference(stateTable)
	_ = t.Create(30, storage.EmptyPayload, nil)
	res, err := t.QueryEntities(30, storage.MinimalMetadata, &storage.QueryOptions{ // L: TL307
		Top:    1000,                                           // S
		Filter: fmt.Sprintf("PartitionKey eq '%s'", partition), // S
	})
	if err != nil {
		return nil, err
	}
	out := map[string]map[string]interface{}{}
	for _, row := range res.Entities {
		out[row.RowKey] = row.Properties
	}
	return out, nil
}

// Save writes one list's state.
func Save(list string, props map[string]interface{}) error {
	c, err := client()
	if err != nil {
		return err
	}
	svc := c.GetTableService()
	t := svc.GetTableReference(stateTable)
	e := t.GetEntityReference(partition, list)
	e.Properties = props
	e.TimeStamp = time.Now() // L: TL128
	return e.InsertOrReplace(nil)
}
