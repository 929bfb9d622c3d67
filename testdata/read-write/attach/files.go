// Package attach stores small attachments inline in a table row (shape of
// a support-ticket tool that keeps screenshots next to the ticket).
package attach

import (
	"context"
	"encoding/json"
	"errors"
	"os"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

// Attachment is one file.
type Attachment struct {
	aztables.Entity
	Name string `json:"Name"`
	Data []byte `json:"Data"`
}

// Save writes the bytes it is given.
func Save(ctx context.Context, c *aztables.Client, ticket, name string, data []byte) error {
	b, err := json.Marshal(Attachment{Entity: aztables.Entity{PartitionKey: ticket, RowKey: name}, Name: name, Data: data}) // L: TL123
	if err != nil {
		return err
	}
	_, err = c.UpsertEntity(ctx, b, nil)
	return err
}

// FromDisk attaches a file from the agent's disk, whatever its size.
func FromDisk(ctx context.Context, c *aztables.Client, ticket, path string) error {
	data, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	return Save(ctx, c, ticket, "file", data)
}

// FromDiskChecked refuses files over 60 KiB.
func FromDiskChecked(ctx context.Context, c *aztables.Client, ticket, path string) error {
	data, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	if len(data) > 60<<10 {
		return errors.New("attachment too large for a table row")
	}
	return Save(ctx, c, ticket, "file", data) // S
}
