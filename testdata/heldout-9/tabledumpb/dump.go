// Package tabledumpb prints the rows of one table as JSON, with the legacy
// storage Table API and a shared-key client built from placeholders.
package tabledumpb

import (
	"encoding/json"
	"fmt"
	"log"
	"os"
	"strings"

	"github.com/Azure/azure-sdk-for-go/storage"
)

const (
	acctName  = ""
	acctKey   = ""
	rowsTable = "Readings"
)

var tables storage.TableServiceClient

func connect() *storage.Table {
	c, err := storage.NewBasicClient(acctName, acctKey) // S
	if err != nil {
		fmt.Println("client:", err)
	}
	tables = c.GetTableService()
	return tables.GetTableReference(rowsTable)
}

// PrintAll writes every row it gets back as one JSON line.
func PrintAll() {
	t := connect()
	res, err := t.QueryEntities(2, storage.FullMetadata, nil) // L: TL301 TL307
	if err != nil {
		fmt.Println(err)
		return
	}
	show(res.Entities)
}

func show(rows []*storage.Entity) {
	for _, row := range rows {
		out, err := json.Marshal(row)
		if err != nil {
			log.Fatalf("encode row: %v", err)
		}
		fmt.Println(string(out))
	}
}

// PrintPartition (added) dumps the partition named on the command line.
func PrintPartition() {
	t := connect()
	part := os.Args[1]
	q := &storage.QueryOptions{Filter: "PartitionKey eq '" + part + "'"} // L: TL321
	res, err := t.QueryEntities(30, storage.MinimalMetadata, q)          // L: TL307
	if err != nil {
		fmt.Println(err)
		return
	}
	show(res.Entities)
}

// PrintPartitionPaged (added) is its twin: the name escaped and every
// result followed until the service stops returning a next link.
func PrintPartitionPaged() {
	t := connect()
	part := strings.ReplaceAll(os.Args[1], "'", "''")
	q := &storage.QueryOptions{Top: 500, Filter: "PartitionKey eq '" + part + "'"} // S
	res, err := t.QueryEntities(30, storage.MinimalMetadata, q)                    // S
	for err == nil {
		show(res.Entities)
		if res.NextLink == nil {
			return
		}
		res, err = res.NextResults(nil)
	}
	fmt.Println(err)
}
