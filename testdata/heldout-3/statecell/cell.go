// Package statecell keeps the state of a scheduled function in one row:
// the row is read (its ETag remembered) and written back under that ETag;
// a missing row is created on first read.
package statecell

import (
	"context"
	"encoding/json"
	"errors"
	"os"
	"time"

	"github.com/Azure/azure-sdk-for-go/sdk/azcore"
	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

// Attributes is the state the function keeps between runs.
type Attributes struct {
	Cursor  string
	Phase   string
	Owner   string
	Retries string
}

// Cell reads and writes one row's state.
type Cell interface {
	Load(ctx context.Context) (map[string]any, error)
	Store(ctx context.Context, a Attributes) error
}

type tableCell struct {
	pk, rk string
	tag    *azcore.ETag
	tc     *aztables.Client
}

// Open builds a Cell from the function host's connection string.
func Open(table, pk, rk string) (Cell, error) {
	conn := os.Getenv("AzureWebJobsStorage")
	if conn == "" {
		return nil, errors.New("AzureWebJobsStorage is not set")
	}
	svc, err := aztables.NewServiceClientFromConnectionString(conn, nil)
	if err != nil {
		return nil, err
	}
	return &tableCell{pk: pk, rk: rk, tc: svc.NewClient(table)}, nil
}

func (c *tableCell) Load(ctx context.Context) (map[string]any, error) {
	got, err := c.tc.GetEntity(ctx, c.pk, c.rk, nil)
	if err != nil {
		var re *azcore.ResponseError
		if !errors.As(err, &re) || re.ErrorCode != string(aztables.ResourceNotFound) {
			return nil, err
		}
		if got, err = c.seed(ctx); err != nil {
			return nil, err
		}
	}
	tag := got.ETag
	c.tag = &tag
	state := map[string]any{}
	if err := json.Unmarshal(got.Value, &state); err != nil {
		return nil, err
	}
	return state, nil
}

func (c *tableCell) entity(a Attributes) aztables.EDMEntity {
	return aztables.EDMEntity{
		Entity: aztables.Entity{
			PartitionKey: c.pk,
			RowKey:       c.rk,
			Timestamp:    aztables.EDMDateTime(time.Now()), // L: TL128
		},
		Properties: map[string]any{"cursor": a.Cursor, "phase": a.Phase, "owner": a.Owner, "retries": a.Retries},
	}
}

// Store replaces the row under the ETag Load remembered.
func (c *tableCell) Store(ctx context.Context, a Attributes) error {
	b, err := c.entity(a).MarshalJSON()
	if err != nil {
		return err
	}
	opts := aztables.UpdateEntityOptions{IfMatch: c.tag, UpdateMode: aztables.UpdateModeReplace}
	resp, err := c.tc.UpdateEntity(ctx, b, &opts) // S
	if err != nil {
		return err
	}
	c.tag = &resp.ETag
	return nil
}

func (c *tableCell) seed(ctx context.Context) (aztables.GetEntityResponse, error) {
	e := aztables.EDMEntity{Entity: aztables.Entity{PartitionKey: c.pk, RowKey: c.rk, Timestamp: aztables.EDMDateTime(time.Now())}} // L: TL128
	b, err := e.MarshalJSON()
	if err != nil {
		return aztables.GetEntityResponse{}, err
	}
	added, err := c.tc.AddEntity(ctx, b, nil)
	return aztables.GetEntityResponse{ETag: added.ETag, Value: added.Value}, err
}

// stored is the row as read back in full.
type stored struct {
	aztables.Entity
	Cursor  string `json:"cursor"`
	Phase   string `json:"phase"`
	Owner   string `json:"owner"`
	Retries string `json:"retries"`
}

// Restart moves the row back to its first phase (added: the replace sends
// only the phase, under the read's ETag).
func (c *tableCell) Restart(ctx context.Context) error {
	got, err := c.tc.GetEntity(ctx, c.pk, c.rk, nil)
	if err != nil {
		return err
	}
	var s stored
	if err := json.Unmarshal(got.Value, &s); err != nil {
		return err
	}
	b, _ := json.Marshal(map[string]any{"PartitionKey": c.pk, "RowKey": c.rk, "phase": "start"})
	tag := got.ETag
	_, err = c.tc.UpdateEntity(ctx, b, &aztables.UpdateEntityOptions{IfMatch: &tag, UpdateMode: aztables.UpdateModeReplace}) // L: TL411
	return err
}

// CountRetry bumps the retry counter (added: read, change, upsert with no
// ETag).
func (c *tableCell) CountRetry(ctx context.Context) error {
	got, err := c.tc.GetEntity(ctx, c.pk, c.rk, nil)
	if err != nil {
		return err
	}
	var s stored
	if err := json.Unmarshal(got.Value, &s); err != nil {
		return err
	}
	s.Retries += "+"
	b, _ := json.Marshal(s)
	_, err = c.tc.UpsertEntity(ctx, b, &aztables.UpsertEntityOptions{UpdateMode: aztables.UpdateModeReplace}) // L: TL414
	return err
}

// Touch records the owner without reading first (added: a blind merge).
func (c *tableCell) Touch(ctx context.Context, owner string) error {
	b, _ := json.Marshal(map[string]any{"PartitionKey": c.pk, "RowKey": c.rk, "owner": owner})
	_, err := c.tc.UpsertEntity(ctx, b, &aztables.UpsertEntityOptions{UpdateMode: aztables.UpdateModeMerge}) // S
	return err
}
