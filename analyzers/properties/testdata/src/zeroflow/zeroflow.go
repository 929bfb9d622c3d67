// Package zeroflow: a time variable declared without a value is judged
// by what it holds where the entity takes it, on every path, not by how
// often the function assigns it.
package zeroflow

import (
	"context"
	"encoding/json"
	"time"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

// The variable gets a value only after the entity has taken its copy:
// the entity holds the zero time.
func late(ctx context.Context, c *aztables.Client, id string) (time.Time, error) {
	var shipped time.Time
	e := aztables.EDMEntity{
		Entity: aztables.Entity{PartitionKey: "parcels", RowKey: id},
		Properties: map[string]any{
			"Shipped": aztables.EDMDateTime(shipped), // want `TL124: property Shipped is an Edm.DateTime of shipped, still zero`
		},
	}
	b, _ := json.Marshal(e)
	_, err := c.AddEntity(ctx, b, nil)
	shipped = time.Now()
	return shipped, err
}

// Silent twin: the variable is given the time on one path before the
// entity takes it, so it is not zero on every path.
func early(ctx context.Context, c *aztables.Client, id string, sent bool) error {
	var shipped time.Time
	if sent {
		shipped = time.Now()
	}
	e := aztables.EDMEntity{
		Entity: aztables.Entity{PartitionKey: "parcels", RowKey: id},
		Properties: map[string]any{
			"Shipped": aztables.EDMDateTime(shipped),
		},
	}
	b, _ := json.Marshal(e)
	_, err := c.AddEntity(ctx, b, nil)
	return err
}

// Silent: a pointer method may set it (its address is taken).
func decoded(ctx context.Context, c *aztables.Client, id string, raw []byte) error {
	var shipped time.Time
	_ = shipped.UnmarshalJSON(raw)
	e := aztables.EDMEntity{
		Entity:     aztables.Entity{PartitionKey: "parcels", RowKey: id},
		Properties: map[string]any{"Shipped": aztables.EDMDateTime(shipped)},
	}
	b, _ := json.Marshal(e)
	_, err := c.AddEntity(ctx, b, nil)
	return err
}
