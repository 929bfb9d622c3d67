package storable

import (
	"context"
	"encoding/json"
	"time"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
	"github.com/google/uuid"
)

type Address struct{ Street, City string }

type Customer struct {
	aztables.Entity
	Name     string
	Photo    []byte
	Created  time.Time
	ID       uuid.UUID
	Big      aztables.EDMInt64
	When     *time.Time
	Tags     []string `json:"-"`
	Count    int64    `json:",string"`
	Anything any
	home     Address
}

func save(ctx context.Context, c *aztables.Client, cu Customer) error {
	b, _ := json.Marshal(cu)
	_, err := c.UpsertEntity(ctx, b, nil)
	return err
}

// A read model with a nested struct: never written.
type View struct {
	PartitionKey string
	RowKey       string
	Home         Address
}

func decode(raw []byte) (View, error) {
	var v View
	err := json.Unmarshal(raw, &v)
	return v, err
}

// Serialized into a string property.
func saveJSON(ctx context.Context, c *aztables.Client, id string, tags []string) error {
	enc, _ := json.Marshal(tags)
	m := map[string]any{"PartitionKey": "customers", "RowKey": id, "Tags": string(enc)}
	b, _ := json.Marshal(m)
	_, err := c.AddEntity(ctx, b, nil)
	return err
}

// EDMEntity marshals itself.
func saveEDM(ctx context.Context, c *aztables.Client) error {
	e := aztables.EDMEntity{Entity: aztables.Entity{PartitionKey: "p", RowKey: "r"}, Properties: map[string]any{"N": aztables.EDMInt64(1)}}
	b, _ := json.Marshal(e)
	_, err := c.AddEntity(ctx, b, nil)
	return err
}
