// Package edmtimec keeps named notes with a typed creation time.
package edmtimec

import (
	"context"
	"encoding/json"
	"os"
	"time"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

// Note is one stored note.
type Note struct {
	aztables.Entity
	Title     string
	CreatedAt *aztables.EDMDateTime
}

func notesClient(table string) (*aztables.Client, error) {
	cred, err := aztables.NewSharedKeyCredential(os.Getenv("NOTES_ACCOUNT"), os.Getenv("NOTES_KEY")) // S
	if err != nil {
		return nil, err
	}
	return aztables.NewClientWithSharedKey("https://"+os.Getenv("NOTES_ACCOUNT")+".table.core.windows.net/"+table, cred, nil)
}

// Create writes a note stamped with the current time.
func Create(ctx context.Context, table, owner, id, title string) error {
	c, err := notesClient(table)
	if err != nil {
		return err
	}
	_, _ = c.CreateTable(ctx, nil)
	now := aztables.EDMDateTime(time.Now())
	n := Note{
		Entity:    aztables.Entity{PartitionKey: owner, RowKey: id},
		Title:     title,
		CreatedAt: &now, // S
	}
	raw, err := json.Marshal(n)
	if err != nil {
		return err
	}
	_, err = c.UpsertEntity(ctx, raw, nil) // S
	return err
}

// Retitle reads a note, changes its title and stores it again.
func Retitle(ctx context.Context, c *aztables.Client, owner, id, title string) error {
	got, err := c.GetEntity(ctx, owner, id, nil)
	if err != nil {
		return err
	}
	var n Note
	if err := json.Unmarshal(got.Value, &n); err != nil {
		return err
	}
	n.Title = title
	raw, err := json.Marshal(n)
	if err != nil {
		return err
	}
	_, err = c.UpsertEntity(ctx, raw, &aztables.UpsertEntityOptions{UpdateMode: aztables.UpdateModeReplace}) // L: TL414
	return err
}

// RetitleChecked is Retitle made conditional on the version read.
func RetitleChecked(ctx context.Context, c *aztables.Client, owner, id, title string) error {
	got, err := c.GetEntity(ctx, owner, id, nil)
	if err != nil {
		return err
	}
	var n Note
	if err := json.Unmarshal(got.Value, &n); err != nil {
		return err
	}
	n.Title = title
	raw, err := json.Marshal(n)
	if err != nil {
		return err
	}
	_, err = c.UpdateEntity(ctx, raw, &aztables.UpdateEntityOptions{IfMatch: &got.ETag, UpdateMode: aztables.UpdateModeReplace}) // S
	return err
}
