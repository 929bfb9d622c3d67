package int64fix

import (
	"context"
	"encoding/json"
	"time"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
	"github.com/Azure/azure-sdk-for-go/storage"
)

// An EDMEntity property: aztables.EDMInt64 sends it as Edm.Int64.
func edm(ctx context.Context, c *aztables.Client, id string) error {
	e := aztables.EDMEntity{
		Entity:     aztables.Entity{PartitionKey: "s", RowKey: id},
		Properties: map[string]any{"StartedMs": time.Now().UnixMilli(), "Quota": 5_000_000_000}, // want `TL125: property StartedMs gets a UnixMilli\(\) time` `TL125: property Quota gets 5000000000`
	}
	b, _ := json.Marshal(e)
	_, err := c.AddEntity(ctx, b, nil)
	return err
}

// A legacy Entity property: the legacy client sends an int64 as Edm.Int64.
func legacy(t *storage.Table, pk, rk string, ms int) error {
	e := t.GetEntityReference(pk, rk)
	e.Properties = map[string]interface{}{"Limit": 5_000_000_000} // want `TL125: property Limit gets 5000000000`
	e.Properties["At"] = time.Now().UnixMicro()                   // int64: Edm.Int64, silent
	return e.Insert(storage.EmptyPayload, nil)
}
