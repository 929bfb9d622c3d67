package indexed

import (
	"context"
	"encoding/json"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

type Order struct {
	PartitionKey string
	RowKey       string
	Total        int
}

type Note struct { // not an entity: no RowKey
	PartitionKey string
}

func write(ctx context.Context, c *aztables.Client) {
	o := Order{PartitionKey: "p", RowKey: "r"} // want `entity`
	b, _ := json.Marshal(o)
	c.AddEntity(ctx, b, nil) // want `write AddEntity in write`
	_ = Note{PartitionKey: "p"}
	m := map[string]any{"PartitionKey": "p", "RowKey": "r"} // want `entity`
	b, _ = json.Marshal(m)
	go func() {
		c.UpsertEntity(ctx, b, nil) // want `write UpsertEntity in write`
	}()
	_ = map[string]any{"Name": "n"}
}
