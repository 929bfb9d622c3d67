// Package bookshelfa is the storage side of a small catalogue API served as
// an Azure Functions custom handler: writers and volumes, each kind in its own
// table, every row of a kind in one partition named after the kind.
package bookshelfa

import (
	"time"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

// Writer is a person credited on volumes.
type Writer struct {
	ID      string
	Given   *string
	Surname string
	Born    *time.Time
}

// Volume is one edition, keyed by its ISBN.
type Volume struct {
	ISBN      string
	Title     string
	Published *int
	Writers   []*Writer
}

// rowMaker is anything the catalogue can store as a table row.
type rowMaker interface {
	row() *aztables.EDMEntity
}

func (w *Writer) row() *aztables.EDMEntity {
	props := map[string]any{
		"writerId": w.ID,
		"surname":  w.Surname,
	}
	if w.Given != nil {
		props["given"] = *w.Given
	}
	if w.Born != nil {
		props["born"] = aztables.EDMDateTime(*w.Born) // S
	}
	return &aztables.EDMEntity{
		Entity: aztables.Entity{
			PartitionKey: "writer", // S
			RowKey:       w.ID,
		},
		Properties: props,
	}
}

func (v *Volume) row() *aztables.EDMEntity {
	props := map[string]any{
		"isbn":  v.ISBN,
		"title": v.Title,
	}
	if v.Published != nil {
		props["published"] = *v.Published // S
	}
	if len(v.Writers) > 0 {
		ids := make([]string, len(v.Writers))
		for i, w := range v.Writers {
			ids[i] = w.ID
		}
		props["writerIds"] = ids // L: TL126
	}
	return &aztables.EDMEntity{
		Entity: aztables.Entity{
			PartitionKey: "volume", // S
			RowKey:       v.ISBN,
		},
		Properties: props,
	}
}

// (added) writerFromRow turns a stored writer row back into a Writer.
func writerFromRow(e *aztables.EDMEntity) *Writer {
	w := &Writer{ID: e.RowKey}
	if s, ok := e.Properties["surname"].(string); ok {
		w.Surname = s
	}
	if g, ok := e.Properties["given"].(string); ok {
		w.Given = &g
	}
	if b, ok := e.Properties["born"].(aztables.EDMDateTime); ok {
		t := time.Time(b)
		w.Born = &t
	}
	return w
}
