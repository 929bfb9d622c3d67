// Package cosmoslookupc looks records up in a Cosmos DB Table API account
// through the legacy storage package.
package cosmoslookupc

import (
	"errors"
	"fmt"
	"strings"

	"github.com/Azure/azure-sdk-for-go/storage"
)

// Settings come from the service's configuration file at start-up.
type Settings struct {
	Account string
	Key     string
	Table   string
	Timeout uint
}

// Record is what callers get back.
type Record struct {
	Owner string
	Ref   string
	Attrs map[string]interface{}
}

var (
	tables   storage.TableServiceClient
	settings Settings
)

// Init keeps a table service client for later lookups.
func Init(s Settings) error {
	cl, err := storage.NewBasicClient(s.Account, s.Key) // S
	if err != nil {
		return err
	}
	tables = cl.GetTableService()
	settings = s
	return nil
}

func table() *storage.Table {
	return tables.GetTableReference(settings.Table)
}

// Find returns the record stored under owner and ref.
func Find(owner, ref string) (*Record, error) {
	opts := &storage.QueryOptions{
		Filter: fmt.Sprintf("PartitionKey eq %s and RowKey eq %s", owner, ref), // S
	}
	res, err := table().QueryEntities(settings.Timeout, storage.FullMetadata, opts) // S
	if err != nil {
		return nil, err
	}
	for _, e := range res.Entities {
		if e.RowKey == ref {
			return &Record{Owner: e.PartitionKey, Ref: e.RowKey, Attrs: e.Properties}, nil
		}
	}
	return nil, errors.New("not found")
}

// FindQuoted is Find with each key written as an escaped string literal.
func FindQuoted(owner, ref string) (*Record, error) {
	esc := func(s string) string { return strings.ReplaceAll(s, "'", "''") }
	opts := &storage.QueryOptions{
		Filter: "PartitionKey eq '" + esc(owner) + "' and RowKey eq '" + esc(ref) + "'", // S
	}
	res, err := table().QueryEntities(settings.Timeout, storage.FullMetadata, opts) // S
	if err != nil {
		return nil, err
	}
	if len(res.Entities) == 0 {
		return nil, errors.New("not found")
	}
	e := res.Entities[0]
	return &Record{Owner: e.PartitionKey, Ref: e.RowKey, Attrs: e.Properties}, nil
}

// Dump lists what the table holds, to see which keys exist.
func Dump() ([]Record, error) {
	res, err := table().QueryEntities(settings.Timeout, storage.FullMetadata, &storage.QueryOptions{}) // L: TL301 TL307
	if err != nil {
		return nil, err
	}
	out := make([]Record, 0, len(res.Entities))
	for _, e := range res.Entities {
		out = append(out, Record{Owner: e.PartitionKey, Ref: e.RowKey, Attrs: e.Properties})
	}
	return out, nil
}

// Fetch reads one record by its keys with a point read.
func Fetch(owner, ref string) (*Record, error) {
	e := table().GetEntityReference(owner, ref)
	if err := e.Get(settings.Timeout, storage.FullMetadata, nil); err != nil { // S
		return nil, err
	}
	return &Record{Owner: e.PartitionKey, Ref: e.RowKey, Attrs: e.Properties}, nil
}
