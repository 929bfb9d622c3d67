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

type Visit struct {
	PartitionKey string
	RowKey       string
	Left         time.Time
	LeftType     string `json:"Left@odata.type"`
}

// The function sets Left on another visit, not on the one the literal
// makes: that one is written with Left still zero.
func pair(ctx context.Context, c *aztables.Client, id string) error {
	first := Visit{PartitionKey: "visits", RowKey: id + "-in", LeftType: "Edm.DateTime"} // want `TL124: property Left is an Edm.DateTime of Left left unset \(0001-01-01\)`
	second := Visit{PartitionKey: "visits", RowKey: id + "-out", LeftType: "Edm.DateTime"}
	second.Left = time.Now()
	b, _ := json.Marshal(first)
	if _, err := c.AddEntity(ctx, b, nil); err != nil {
		return err
	}
	b, _ = json.Marshal(second)
	_, err := c.AddEntity(ctx, b, nil)
	return err
}

// Silent twin: the literal's own variable gets Left before the write.
func leave(ctx context.Context, c *aztables.Client, id string) error {
	v := Visit{PartitionKey: "visits", RowKey: id, LeftType: "Edm.DateTime"}
	v.Left = time.Now()
	b, _ := json.Marshal(v)
	_, err := c.AddEntity(ctx, b, nil)
	return err
}

// Silent: a helper is given the visit's address and may set Left.
func stamp(v *Visit) { v.Left = time.Now() }

func stamped(ctx context.Context, c *aztables.Client, id string) error {
	v := Visit{PartitionKey: "visits", RowKey: id, LeftType: "Edm.DateTime"}
	stamp(&v)
	b, _ := json.Marshal(v)
	_, err := c.AddEntity(ctx, b, nil)
	return err
}
