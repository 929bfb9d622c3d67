// Package funcstate keeps one row of state for a Functions app, the row's
// keys fixed when the client is made (shape of a serverless helper).
package funcstate

import (
	"context"
	"encoding/json"
	"fmt"
	"os"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

// State is the stored value.
type State struct {
	aztables.Entity
	Cursor string `json:"Cursor"`
}

// Client reads and writes the state row.
type Client struct {
	table        *aztables.Client
	partitionKey string
	rowKey       string
}

// New opens the table named by the caller.
func New(table, partitionKey, rowKey string) (*Client, error) {
	cs := os.Getenv("AzureWebJobsStorage")
	if cs == "" {
		return nil, fmt.Errorf("AzureWebJobsStorage is not set")
	}
	svc, err := aztables.NewServiceClientFromConnectionString(cs, nil)
	if err != nil {
		return nil, err
	}
	return &Client{table: svc.NewClient(table), partitionKey: partitionKey, rowKey: rowKey}, nil
}

// Load reads the state row.
func (c *Client) Load(ctx context.Context) (State, error) {
	var s State
	resp, err := c.table.GetEntity(ctx, c.partitionKey, c.rowKey, nil) // S
	if err != nil {
		return s, err
	}
	err = json.Unmarshal(resp.Value, &s)
	return s, err
}

// Store overwrites the cursor.
func (c *Client) Store(ctx context.Context, cursor string) error {
	b, err := json.Marshal(State{Entity: aztables.Entity{PartitionKey: c.partitionKey, RowKey: c.rowKey}, Cursor: cursor})
	if err != nil {
		return err
	}
	_, err = c.table.UpsertEntity(ctx, b, &aztables.UpsertEntityOptions{UpdateMode: aztables.UpdateModeReplace}) // S
	return err
}
