// Package libmodel maps a small library's authors and books onto table
// entities: each model type knows how to turn itself into an EDMEntity.
package libmodel

import (
	"encoding/json"
	"time"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

// Tabled is implemented by every model stored in the catalogue table.
type Tabled interface {
	Row() aztables.EDMEntity
}

// Writer is an author.
type Writer struct {
	ID      string
	Surname string
	Given   *string
	Born    *time.Time
}

// Title is a book with its authors.
type Title struct {
	ISBN    string
	Name    string
	Year    *int32
	Writers []Writer
	Shelves []string
}

// Row makes the author's entity; optional fields only when set.
func (w *Writer) Row() aztables.EDMEntity {
	props := map[string]any{"surname": w.Surname}
	if w.Given != nil {
		props["given"] = *w.Given
	}
	if w.Born != nil {
		props["born"] = aztables.EDMDateTime(*w.Born) // S
	}
	return aztables.EDMEntity{
		Entity:     aztables.Entity{PartitionKey: "writer", RowKey: w.ID},
		Properties: props,
	}
}

// Row makes the book's entity, listing its writers' ids.
func (t *Title) Row() aztables.EDMEntity {
	props := map[string]any{"isbn": t.ISBN, "name": t.Name}
	if t.Year != nil {
		props["year"] = *t.Year
	}
	if len(t.Writers) > 0 {
		ids := make([]string, 0, len(t.Writers))
		for _, w := range t.Writers {
			ids = append(ids, w.ID)
		}
		props["writerIds"] = ids // L: TL126
	}
	if len(t.Shelves) > 0 {
		packed, _ := json.Marshal(t.Shelves)
		props["shelves"] = string(packed) // S
	}
	return aztables.EDMEntity{
		Entity:     aztables.Entity{PartitionKey: "title", RowKey: t.ISBN},
		Properties: props,
	}
}

// Loan (added) is a loan record decoded from and encoded to JSON directly.
type Loan struct {
	aztables.Entity
	Reader   string
	Due      time.Time
	Renewals []time.Time // L: TL126
	Notes    string
}
