package unstorable

import (
	"context"
	"encoding/json"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

type Address struct{ Street, City string }

type Customer struct {
	aztables.Entity
	Name    string
	Tags    []string          // want `TL126: property Tags is a \[\]string, which encoding/json writes as a JSON array$`
	Home    Address           // want `TL126: property Home is a Address, which encoding/json writes as a JSON object`
	Extra   map[string]string `json:"extra"` // want `TL126: property extra is a map\[string\]string`
	Scores  [3]int            // want `TL126: property Scores is a \[3\]int`
	Billing *Address          // want `TL126: property Billing is a \*Address`
	// A long type is left out of the message.
	Quotas map[string]map[string][]map[string]int // want `^TL126: property Quotas is written by encoding/json as a JSON object$`
}

func save(ctx context.Context, c *aztables.Client, cu Customer) error {
	b, _ := json.Marshal(cu)
	_, err := c.UpsertEntity(ctx, b, nil)
	return err
}

func saveMap(ctx context.Context, c *aztables.Client, id string, tags []string) error {
	m := map[string]any{"PartitionKey": "customers", "RowKey": id, "Tags": tags} // want `TL126: property Tags is a \[\]string`
	m["Limits"] = map[string]int{"daily": 10}                                    // want `TL126: property Limits is a map\[string\]int`
	b, _ := json.Marshal(m)
	_, err := c.AddEntity(ctx, b, nil)
	return err
}
