package timestamp

import (
	"context"
	"encoding/json"
	"time"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

type Event struct {
	PartitionKey string
	RowKey       string
	Timestamp    time.Time
	Kind         string
}

func record(ctx context.Context, c *aztables.Client, id, kind string) error {
	e := Event{PartitionKey: "events", RowKey: id, Timestamp: time.Now(), Kind: kind} // want `TL128: Timestamp is set by the client`
	b, _ := json.Marshal(e)
	_, err := c.AddEntity(ctx, b, nil)
	return err
}

func recordMap(ctx context.Context, c *aztables.Client, id string, at time.Time) error {
	m := map[string]any{"PartitionKey": "events", "RowKey": id}
	m["Timestamp"] = at // want `TL128`
	b, _ := json.Marshal(m)
	_, err := c.UpsertEntity(ctx, b, nil)
	return err
}

func embedded(ctx context.Context, c *aztables.Client, id string) error {
	type Row struct {
		aztables.Entity
		N int
	}
	r := Row{Entity: aztables.Entity{PartitionKey: "p", RowKey: id, Timestamp: aztables.EDMDateTime(time.Now())}} // want `TL128`
	r.Timestamp = aztables.EDMDateTime(time.Now().Add(time.Hour))                                                 // want `TL128`
	b, _ := json.Marshal(r)
	_, err := c.UpdateEntity(ctx, b, nil)
	return err
}

// Silent: Timestamp unset, zero, or set on an entity never written.
func unset(ctx context.Context, c *aztables.Client, id string) error {
	b, _ := json.Marshal(Event{PartitionKey: "events", RowKey: id, Timestamp: time.Time{}})
	_, err := c.AddEntity(ctx, b, nil)
	return err
}

func view(id string) Event { return Event{PartitionKey: "events", RowKey: id, Timestamp: time.Now()} }
