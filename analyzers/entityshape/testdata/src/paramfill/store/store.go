// Package store builds and writes entities from values its callers
// pass in.
package store

import (
	"context"
	"encoding/json"
	"errors"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

type Attachment struct {
	PartitionKey string
	RowKey       string
	Name         string
	Data         []byte
	Note         string
}

// SaveAttachment puts data and note into properties unchecked: what
// callers pass is checked at the call.
func SaveAttachment(ctx context.Context, c *aztables.Client, id string, data []byte, note string) error {
	a := Attachment{PartitionKey: "att", RowKey: id, Data: data, Note: note}
	b, err := json.Marshal(a)
	if err != nil {
		return err
	}
	_, err = c.AddEntity(ctx, b, nil)
	return err
}

// SaveChecked checks the length itself: callers stay silent.
func SaveChecked(ctx context.Context, c *aztables.Client, id string, data []byte) error {
	if len(data) > 64<<10 {
		return errors.New("attachment too large")
	}
	a := Attachment{PartitionKey: "att", RowKey: id, Data: data}
	b, _ := json.Marshal(a)
	_, err := c.AddEntity(ctx, b, nil)
	return err
}

// Forward passes its parameter on to SaveAttachment: its callers are
// checked too.
func Forward(ctx context.Context, c *aztables.Client, id string, data []byte) error {
	return SaveAttachment(ctx, c, id, data, "")
}
