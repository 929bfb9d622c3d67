package sequence

import (
	"context"
	"encoding/json"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

type Book struct {
	ISBN string
	Name string
}

// Row builds the book's entity: every book in the "book" partition.
func (b *Book) Row() aztables.EDMEntity {
	return aztables.EDMEntity{
		Entity:     aztables.Entity{PartitionKey: "book", RowKey: b.ISBN},
		Properties: map[string]any{"name": b.Name},
	}
}

// Shelf's entity is in the shelf's own partition.
type Shelf struct {
	Room, ID string
}

func (s Shelf) Row() aztables.EDMEntity {
	return aztables.EDMEntity{Entity: aztables.Entity{PartitionKey: s.Room, RowKey: s.ID}}
}

// Entities built by a method of the package, one per element, all in
// the partition the method writes.
func importBooks(ctx context.Context, c *aztables.Client, books []Book) error {
	for i := range books {
		b, err := json.Marshal(books[i].Row())
		if err != nil {
			return err
		}
		if _, err := c.AddEntity(ctx, b, nil); err != nil { // want `TL406: AddEntity in a loop writes partition "book" entity by entity`
			return err
		}
	}
	return nil
}

// The twins: the method makes the partition from the element (each may
// differ), or the same entity is written every time: silent.
func importShelves(ctx context.Context, c *aztables.Client, shelves []Shelf) error {
	for _, s := range shelves {
		b, err := json.Marshal(s.Row())
		if err != nil {
			return err
		}
		if _, err := c.AddEntity(ctx, b, nil); err != nil {
			return err
		}
	}
	return nil
}

func rewriteOne(ctx context.Context, c *aztables.Client, book *Book, n int) error {
	for i := 0; i < n; i++ {
		b, err := json.Marshal(book.Row())
		if err != nil {
			return err
		}
		if _, err := c.UpsertEntity(ctx, b, nil); err != nil {
			return err
		}
	}
	return nil
}
