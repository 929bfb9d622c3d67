// Package nilfield: a field that would marshal to a JSON object, set to
// nil before the entity is marshalled (nil is written as null, or left
// out with omitempty: never an object).
package nilfield

import (
	"context"
	"encoding/json"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

type Owner struct {
	ID, Name string
}

// Ticket is a tracker's record, written with its owner cleared: the
// owner is flattened into text first.
type Ticket struct {
	aztables.Entity
	Owner     *Owner `json:"owner,omitempty"`
	OwnerName string
}

func saveTicket(ctx context.Context, c *aztables.Client, t Ticket) error {
	if t.Owner != nil {
		t.OwnerName = t.Owner.Name
	}
	t.Owner = nil
	b, err := json.Marshal(t)
	if err != nil {
		return err
	}
	_, err = c.AddEntity(ctx, b, nil)
	return err
}

// Draft is cleared only on one path, then written: the owner is an
// object on the other.
type Draft struct {
	aztables.Entity
	Owner *Owner `json:"owner,omitempty"` // want `TL126: property owner is a \*Owner`
}

func saveDraft(ctx context.Context, c *aztables.Client, d Draft, flat bool) error {
	if flat {
		d.Owner = nil
	}
	b, err := json.Marshal(d)
	if err != nil {
		return err
	}
	_, err = c.AddEntity(ctx, b, nil)
	return err
}

// Note is cleared, then given an owner again before the write.
type Note struct {
	aztables.Entity
	Owner *Owner // want `TL126: property Owner is a \*Owner`
}

func saveNote(ctx context.Context, c *aztables.Client, n Note, o *Owner) error {
	n.Owner = nil
	n.Owner = o
	b, err := json.Marshal(n)
	if err != nil {
		return err
	}
	_, err = c.AddEntity(ctx, b, nil)
	return err
}

// Memo is cleared in one write and not in another.
type Memo struct {
	aztables.Entity
	Owner *Owner // want `TL126: property Owner is a \*Owner`
}

func saveMemo(ctx context.Context, c *aztables.Client, m Memo, keep bool) error {
	m.Owner = nil
	b, _ := json.Marshal(m)
	if _, err := c.AddEntity(ctx, b, nil); err != nil {
		return err
	}
	return nil
}

func copyMemo(ctx context.Context, c *aztables.Client, m Memo) error {
	b, _ := json.Marshal(m)
	_, err := c.UpsertEntity(ctx, b, nil)
	return err
}
