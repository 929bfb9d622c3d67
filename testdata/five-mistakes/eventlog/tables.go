// Package eventlog records what a shell-box pool does in an event table
// (one partition per day) and a resource registry.
package eventlog

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

// Clients holds the service client.
type Clients struct{ Tables *aztables.ServiceClient }

// Event is one row of the event table.
type Event struct {
	PartitionKey string `json:"PartitionKey"`
	RowKey       string `json:"RowKey"`
	Kind         string `json:"Kind"`
	BoxID        string `json:"BoxID,omitempty"`
}

// Resource is one row of the registry.
type Resource struct {
	PartitionKey string `json:"PartitionKey"`
	RowKey       string `json:"RowKey"`
	Status       string `json:"Status"`
}

func write(ctx context.Context, c *Clients, table string, entity interface{}) error {
	if c.Tables == nil {
		return fmt.Errorf("no table client")
	}
	b, err := json.Marshal(entity)
	if err != nil {
		return err
	}
	_, err = c.Tables.NewClient(table).AddEntity(ctx, b, nil) // S
	return err
}

// WriteEvent appends an event.
func WriteEvent(ctx context.Context, c *Clients, e Event) error {
	return write(ctx, c, "events", e)
}

// WriteResource registers a resource.
func WriteResource(ctx context.Context, c *Clients, r Resource) error {
	return write(ctx, c, "resources", r)
}

// BoxCreated records a new box in both tables.
func BoxCreated(ctx context.Context, c *Clients, id string) error {
	now := time.Now()
	ev := Event{
		PartitionKey: now.Format("2006-01-02"), // L: TL209
		RowKey:       fmt.Sprintf("%s_box_create", now.Format("20060102T150405")),
		Kind:         "box_create",
		BoxID:        id,
	}
	if err := WriteEvent(ctx, c, ev); err != nil {
		return err
	}
	return WriteResource(ctx, c, Resource{PartitionKey: "box", RowKey: id, Status: "ready"}) // S
}
