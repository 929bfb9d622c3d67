// Package profiles stores member profiles imported from a spreadsheet
// whose column names became JSON tags (shape of a membership tool).
package profiles

import (
	"context"
	"encoding/json"
	"time"

	"github.com/Azure/azure-sdk-for-go/sdk/azcore/to"
	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

// Member is one imported row.
type Member struct {
	PartitionKey string    `json:"PartitionKey"`
	RowKey       string    `json:"RowKey"`
	FirstName    string    `json:"FirstName"`
	LastName     string    `json:"Last-Name"`      // L: TL112
	Rating       string    `json:"Manager Rating"` // L: TL111
	Email        string    `json:"Email"`
	JoinedAt     time.Time `json:"JoinedAt"`
}

// Save writes a member; the club is the partition.
func Save(ctx context.Context, c *aztables.Client, club, id string, m Member) error {
	m.PartitionKey, m.RowKey = club, id
	b, err := json.Marshal(m)
	if err != nil {
		return err
	}
	_, err = c.UpsertEntity(ctx, b, nil)
	return err
}

// Stamp records when a member was last seen, with its own timestamp.
func Stamp(ctx context.Context, c *aztables.Client, club, id string) error {
	e := aztables.Entity{PartitionKey: club, RowKey: id, Timestamp: aztables.EDMDateTime(time.Now())} // L: TL128
	b, err := json.Marshal(e)
	if err != nil {
		return err
	}
	_, err = c.UpsertEntity(ctx, b, nil)
	return err
}

// Rename replaces a member's row with only the new name: the other
// properties of the row are dropped.
func Rename(ctx context.Context, c *aztables.Client, club, id, first string) error {
	resp, err := c.GetEntity(ctx, club, id, nil)
	if err != nil {
		return err
	}
	var old Member
	if err := json.Unmarshal(resp.Value, &old); err != nil {
		return err
	}
	b, err := json.Marshal(map[string]any{"PartitionKey": club, "RowKey": id, "FirstName": first})
	if err != nil {
		return err
	}
	_, err = c.UpdateEntity(ctx, b, &aztables.UpdateEntityOptions{IfMatch: to.Ptr(resp.ETag), UpdateMode: aztables.UpdateModeReplace}) // L: TL411
	return err
}

// SetEmail merges the new address with the ETag of the read.
func SetEmail(ctx context.Context, c *aztables.Client, club, id, email string) error {
	resp, err := c.GetEntity(ctx, club, id, nil)
	if err != nil {
		return err
	}
	var m Member
	if err := json.Unmarshal(resp.Value, &m); err != nil {
		return err
	}
	m.Email = email
	b, err := json.Marshal(m)
	if err != nil {
		return err
	}
	_, err = c.UpdateEntity(ctx, b, &aztables.UpdateEntityOptions{IfMatch: &resp.ETag, UpdateMode: aztables.UpdateModeMerge}) // S
	return err
}
