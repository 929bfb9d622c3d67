package edmnested

import (
	"context"
	"encoding/json"
	"time"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

// Alert is a monitoring alert as it arrives.
type Alert struct {
	Service string
	ID      string
	Tags    map[string]string
	Hosts   []string
	Raised  time.Time
	Payload any
}

// The tags and hosts go into the EDM properties as they are: a JSON
// object and a JSON array.
func store(ctx context.Context, c *aztables.Client, a Alert) error {
	row := aztables.EDMEntity{
		Entity: aztables.Entity{PartitionKey: a.Service, RowKey: a.ID},
		Properties: map[string]any{
			"Tags":  a.Tags,  // want `TL126: property Tags is a map\[string\]string, which encoding/json writes as a JSON object`
			"Hosts": a.Hosts, // want `TL126: property Hosts is a \[\]string, which encoding/json writes as a JSON array`
		},
	}
	b, _ := json.Marshal(row)
	_, err := c.AddEntity(ctx, b, nil)
	return err
}

// Silent below.

// Serialised into strings first; the time is an EDM date; an interface
// value's dynamic type is not known here.
func storeFlat(ctx context.Context, c *aztables.Client, a Alert) error {
	tags, _ := json.Marshal(a.Tags)
	row := aztables.EDMEntity{
		Entity: aztables.Entity{PartitionKey: a.Service, RowKey: a.ID},
		Properties: map[string]any{
			"Tags":    string(tags),
			"Raised":  aztables.EDMDateTime(a.Raised),
			"Payload": a.Payload,
			"Blob":    aztables.EDMBinary([]byte(a.ID)),
		},
	}
	b, _ := json.Marshal(row)
	_, err := c.AddEntity(ctx, b, nil)
	return err
}
