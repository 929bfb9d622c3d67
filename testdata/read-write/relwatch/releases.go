// Package relwatch remembers the last release seen for each upstream
// repository (shape of a release-notification bot).
package relwatch

import (
	"context"
	"encoding/json"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

// Upstream is a repository being watched.
type Upstream interface {
	Owner() string
	Repo() string
	Source() string
}

// Setup opens the releases table.
func Setup(connStr string) (*aztables.Client, error) {
	svc, err := aztables.NewServiceClientFromConnectionString(connStr, nil)
	if err != nil {
		return nil, err
	}
	return svc.NewClient("release-tracker"), nil // L: TL101
}

// Track records a repository the first time it is seen.
func Track(ctx context.Context, c *aztables.Client, u Upstream, release string) error {
	e := aztables.EDMEntity{
		Entity:     aztables.Entity{PartitionKey: u.Owner(), RowKey: u.Repo()}, // S
		Properties: map[string]any{"Source": u.Source(), "Release": release},
	}
	b, err := json.Marshal(e)
	if err != nil {
		return err
	}
	_, err = c.AddEntity(ctx, b, nil)
	return err
}

// Bump stores a newer release: read the row, change it, write it back.
func Bump(ctx context.Context, c *aztables.Client, u Upstream, release string) error {
	resp, err := c.GetEntity(ctx, u.Owner(), u.Repo(), nil)
	if err != nil {
		return err
	}
	var e aztables.EDMEntity
	if err := json.Unmarshal(resp.Value, &e); err != nil {
		return err
	}
	e.Properties["Release"] = release
	b, err := json.Marshal(e)
	if err != nil {
		return err
	}
	_, err = c.UpdateEntity(ctx, b, nil) // L: TL414
	return err
}
