package storedlist

import (
	"context"
	"encoding/json"
	"net/http"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

// markRow is a row of the marks table: Marks holds a []float64 as JSON.
type markRow struct {
	aztables.Entity
	Owner string `json:"Owner"`
	Marks string `json:"MarksJSON"`
	Note  string `json:"Note"`
}

type mark struct {
	ID     string
	Owner  string
	Points []float64
}

type marks struct {
	c *aztables.Client
}

// fromRow converts a row: its list decoded from MarksJSON.
func fromRow(r markRow) mark {
	var pts []float64
	_ = json.Unmarshal([]byte(r.Marks), &pts)
	return mark{ID: r.RowKey, Owner: r.Owner, Points: pts}
}

// asRow converts back: only marks read from the table come here.
func asRow(m mark) markRow { // want asRow:"fills\\(0.Owner→Owner\\)"
	b, _ := json.Marshal(m.Points)
	return markRow{
		Entity: aztables.Entity{PartitionKey: m.Owner, RowKey: m.ID},
		Owner:  m.Owner,
		Marks:  string(b), // silent: read from MarksJSON, not grown
	}
}

// asNote puts the list in another property.
func asNote(m mark) markRow {
	b, _ := json.Marshal(m.Points)
	return markRow{
		Entity: aztables.Entity{PartitionKey: m.Owner, RowKey: m.ID},
		Note:   string(b), // want `TL122: property Note is filled from a marshalled document`
	}
}

// AsRow is exported: its callers are not all visible.
func AsRow(m mark) markRow {
	b, _ := json.Marshal(m.Points)
	return markRow{
		Entity: aztables.Entity{PartitionKey: m.Owner, RowKey: m.ID},
		Marks:  string(b), // want `TL122: property MarksJSON is filled from a marshalled document`
	}
}

// asFresh is given marks a caller adds points to.
func asFresh(m mark) markRow {
	b, _ := json.Marshal(m.Points)
	return markRow{
		Entity: aztables.Entity{PartitionKey: m.Owner, RowKey: m.ID},
		Marks:  string(b), // want `TL122: property MarksJSON is filled from a marshalled document`
	}
}

func (s *marks) query(ctx context.Context, filter string) ([]mark, error) {
	opts := &aztables.ListEntitiesOptions{}
	if filter != "" {
		opts.Filter = &filter
	}
	pager := s.c.NewListEntitiesPager(opts)
	var out []mark
	for pager.More() {
		page, err := pager.NextPage(ctx)
		if err != nil {
			return nil, err
		}
		for _, raw := range page.Entities {
			var r markRow
			if err := json.Unmarshal(raw, &r); err != nil {
				continue
			}
			out = append(out, fromRow(r))
		}
	}
	return out, nil
}

func (s *marks) byOwner(ctx context.Context, owner string) ([]mark, error) {
	return s.query(ctx, "PartitionKey eq '"+owner+"'")
}

// Move writes an owner's marks under another owner.
func (s *marks) Move(ctx context.Context, from, to string) error { // want Move:"fills\\(2→Owner\\)"
	ms, err := s.byOwner(ctx, from)
	if err != nil {
		return err
	}
	for _, m := range ms {
		m.Owner = to
		b, _ := json.Marshal(asRow(m))
		_, _ = s.c.UpsertEntity(ctx, b, nil)
		n, _ := json.Marshal(asNote(m))
		_, _ = s.c.UpsertEntity(ctx, n, nil)
	}
	return nil
}

// Extend adds a point to each of an owner's marks.
func (s *marks) Extend(ctx context.Context, owner string, extra float64) error {
	ms, err := s.byOwner(ctx, owner)
	if err != nil {
		return err
	}
	for _, m := range ms {
		m.Points = append(m.Points, extra)
		f, _ := json.Marshal(asFresh(m))
		_, _ = s.c.UpsertEntity(ctx, f, nil)
	}
	return nil
}

// Retag decodes the list from a row it builds with the request's text
// beside a read row's keys: not a stored value.
func (s *marks) Retag(ctx context.Context, req *http.Request, owner string) {
	ms, _ := s.byOwner(ctx, owner)
	for _, m := range ms {
		r := markRow{Entity: aztables.Entity{PartitionKey: m.Owner, RowKey: m.ID}, Owner: m.Owner, Marks: req.FormValue("marks")} // want `TL122: property MarksJSON is filled from a request form value`
		var pts []float64
		_ = json.Unmarshal([]byte(r.Marks), &pts)
		b, _ := json.Marshal(pts)
		out, _ := json.Marshal(markRow{Entity: r.Entity, Marks: string(b)}) // want `TL122: property MarksJSON is filled from`
		_, _ = s.c.UpsertEntity(ctx, out, nil)
	}
}

// Replace reads a row, sets its text from the request, and decodes the
// list from that: the request's, not the stored one.
func (s *marks) Replace(ctx context.Context, req *http.Request, owner, id string) {
	resp, err := s.c.GetEntity(ctx, owner, id, nil)
	if err != nil {
		return
	}
	var row markRow
	if json.Unmarshal(resp.Value, &row) != nil {
		return
	}
	row.Marks = req.FormValue("marks") // want `TL122: property Marks is filled from a request form value`
	var pts []float64
	_ = json.Unmarshal([]byte(row.Marks), &pts)
	b, _ := json.Marshal(pts)
	out, _ := json.Marshal(markRow{Entity: row.Entity, Marks: string(b)}) // want `TL122: property MarksJSON is filled from a marshalled document`
	_, _ = s.c.UpsertEntity(ctx, out, nil)
}
