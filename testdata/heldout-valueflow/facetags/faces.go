// Package facetags keeps detected faces and the people they belong to,
// every query going through one helper that sets the filter only when it
// is not empty.
package facetags

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

// Face is one detected face.
type Face struct {
	ID, Person string
	Shape      []float64
	Seen       time.Time
}

type faceRow struct {
	aztables.Entity
	Shape string `json:"Shape"`
	Seen  string `json:"Seen"`
}

// Album stores faces and people.
type Album struct{ faces, people *aztables.Client }

func quote(s string) string { return strings.ReplaceAll(s, "'", "''") }

func (a *Album) fetch(ctx context.Context, c *aztables.Client, filter string) ([][]byte, error) {
	opts := &aztables.ListEntitiesOptions{}
	if filter != "" {
		opts.Filter = &filter
	}
	var out [][]byte
	p := c.NewListEntitiesPager(opts)
	for p.More() {
		page, err := p.NextPage(ctx)
		if err != nil {
			return nil, err
		}
		out = append(out, page.Entities...)
	}
	return out, nil
}

// Save writes a face; its shape vector comes from the caller, of any length.
func (a *Album) Save(ctx context.Context, f Face) error {
	shape, _ := json.Marshal(f.Shape)
	row := faceRow{
		Entity: aztables.Entity{PartitionKey: f.Person, RowKey: f.ID},
		Shape:  string(shape), // L: TL122
		Seen:   f.Seen.UTC().Format(time.RFC3339),
	}
	b, _ := json.Marshal(row)
	_, err := a.faces.UpsertEntity(ctx, b, &aztables.UpsertEntityOptions{UpdateMode: aztables.UpdateModeReplace})
	return err
}

// ByID finds a face knowing only its id.
func (a *Album) ByID(ctx context.Context, id string) ([][]byte, error) {
	return a.fetch(ctx, a.faces, fmt.Sprintf("RowKey eq '%s'", quote(id))) // L: TL301
}

// OfPerson reads the faces of one person.
func (a *Album) OfPerson(ctx context.Context, person string) ([][]byte, error) {
	return a.fetch(ctx, a.faces, fmt.Sprintf("PartitionKey eq '%s'", quote(person))) // S
}

// Everyone lists every face, for an in-memory similarity search.
func (a *Album) Everyone(ctx context.Context) ([][]byte, error) {
	return a.fetch(ctx, a.faces, "") // L: TL301
}

// Named finds a person by name.
func (a *Album) Named(ctx context.Context, name string) ([][]byte, error) {
	f := fmt.Sprintf("PartitionKey eq 'person' and Name eq '%s'", quote(name)) // S
	return a.fetch(ctx, a.people, f)                                           // L: TL303
}

// Prefix finds people whose name starts with p, by a range on Name.
func (a *Album) Prefix(ctx context.Context, p string) ([][]byte, error) {
	var f string
	if p == "" {
		f = "PartitionKey eq 'person'"
	} else {
		hi := p[:len(p)-1] + string(rune(p[len(p)-1]+1))
		f = fmt.Sprintf("PartitionKey eq 'person' and Name ge '%s' and Name lt '%s'", p, hi) // L: TL321 TL321
	}
	return a.fetch(ctx, a.people, f) // L: TL303
}
