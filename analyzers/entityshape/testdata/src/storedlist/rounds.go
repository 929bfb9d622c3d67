// Package storedlist keeps lists as JSON text in one property of a row,
// read back into struct fields through several layers of helpers and
// converters, edited and written back: a list read from property P and
// not grown is no longer than P already was.
package storedlist

import (
	"context"
	"encoding/json"
	"net/http"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

type tally struct {
	Player string `json:"player"`
	Points int    `json:"points"`
}

type round struct {
	ID      string
	Table   string
	Remarks string
	Tallies []tally
}

type league struct {
	svc *aztables.ServiceClient
}

// text is one String property of a row.
func text(row *aztables.EDMEntity, name string) string {
	return row.Properties[name].(string)
}

// talliesOf decodes the list a row keeps in its Tallies property.
func talliesOf(row *aztables.EDMEntity) []tally {
	out := []tally{}
	_ = json.Unmarshal([]byte(text(row, "Tallies")), &out)
	return out
}

// toRound converts a row.
func toRound(row *aztables.EDMEntity) round {
	return round{
		ID:      row.RowKey,
		Table:   text(row, "Table"),
		Remarks: text(row, "Remarks"),
		Tallies: talliesOf(row),
	}
}

// rows reads every row of a table.
func rows(ctx context.Context, c *aztables.Client) []aztables.EDMEntity {
	all := make([]aztables.EDMEntity, 0)
	pager := c.NewListEntitiesPager(nil)
	for pager.More() {
		page, err := pager.NextPage(ctx)
		if err != nil {
			return all
		}
		for _, raw := range page.Entities {
			if row := decodeRow(raw); row != nil {
				all = append(all, *row)
			}
		}
	}
	return all
}

// decodeRow parses one row of a page.
func decodeRow(raw []byte) *aztables.EDMEntity {
	var row aztables.EDMEntity
	if err := json.Unmarshal(raw, &row); err != nil {
		return nil
	}
	return &row
}

// readAll converts every row of a table with conv.
func readAll[T any](ctx context.Context, svc *aztables.ServiceClient, name string, conv func(*aztables.EDMEntity) T) []T {
	got := rows(ctx, svc.NewClient(name))
	out := []T{}
	for i := range got {
		out = append(out, conv(&got[i]))
	}
	return out
}

func (l *league) rounds(ctx context.Context) (bool, []round) {
	return true, readAll(ctx, l.svc, "rounds", toRound)
}

// roundsWith keeps the rounds a player took part in.
func (l *league) roundsWith(ctx context.Context, player string) (bool, []round) {
	ok, all := l.rounds(ctx)
	if !ok {
		return false, []round{}
	}
	kept := []round{}
	for i := range all {
		for _, t := range all[i].Tallies {
			if t.Player == player {
				kept = append(kept, all[i])
			}
		}
	}
	return true, kept
}

func (l *league) update(ctx context.Context, r round, props map[string]any) { // want update:"fills\\(2→Properties\\)"
	out, _ := json.Marshal(aztables.EDMEntity{
		Entity:     aztables.Entity{PartitionKey: r.Table, RowKey: r.ID},
		Properties: props,
	})
	_, _ = l.svc.NewClient("rounds").UpdateEntity(ctx, out, nil)
}

// Forget blanks a player's name in every round's stored list: each list
// came from the Tallies property and is written back there, not grown.
func (l *league) Forget(ctx context.Context, player string) {
	ok, kept := l.roundsWith(ctx, player)
	if !ok {
		return
	}
	for i := 0; i < len(kept); i++ {
		r := kept[i]
		for j := range r.Tallies {
			if r.Tallies[j].Player == player {
				r.Tallies[j].Player = ""
			}
		}
		b, err := json.Marshal(r.Tallies)
		if err != nil {
			continue
		}
		out, _ := json.Marshal(aztables.EDMEntity{
			Entity:     aztables.Entity{PartitionKey: r.Table, RowKey: r.ID},
			Properties: map[string]any{"Tallies": string(b)}, // silent: read from Tallies, not grown
		})
		_, _ = l.svc.NewClient("rounds").UpdateEntity(ctx, out, nil)
	}
}

// Zero sets every player's points to nothing, through a helper that
// writes the properties it is given.
func (l *league) Zero(ctx context.Context) {
	_, all := l.rounds(ctx)
	for _, r := range all {
		for j := range r.Tallies {
			r.Tallies[j].Points = 0
		}
		b, _ := json.Marshal(r.Tallies)
		l.update(ctx, r, map[string]any{"Tallies": string(b)}) // silent: read from Tallies, not grown
	}
}

// Copy puts the list into another property: that one may be smaller.
func (l *league) Copy(ctx context.Context) {
	_, all := l.rounds(ctx)
	for _, r := range all {
		b, _ := json.Marshal(r.Tallies)
		l.update(ctx, r, map[string]any{"Remarks": string(b)}) // want `TL122: property Remarks is filled from a marshalled document`
	}
}

// Join adds a player to every round: the list grows each time.
func (l *league) Join(ctx context.Context, player string) {
	_, all := l.rounds(ctx)
	for _, r := range all {
		r.Tallies = append(r.Tallies, tally{Player: player})
		b, _ := json.Marshal(r.Tallies)
		l.update(ctx, r, map[string]any{"Tallies": string(b)}) // want `TL122: property Tallies is filled from a marshalled document`
	}
}

// Rename sets a name the request gives: as long as the client makes it.
func (l *league) Rename(ctx context.Context, req *http.Request) {
	_, all := l.rounds(ctx)
	for _, r := range all {
		for j := range r.Tallies {
			r.Tallies[j].Player = req.FormValue("name")
		}
		b, _ := json.Marshal(r.Tallies)
		l.update(ctx, r, map[string]any{"Tallies": string(b)}) // want `TL122: property Tallies is filled from a marshalled document`
	}
}

// Import writes a list the request gives into a round.
func (l *league) Import(ctx context.Context, req *http.Request) {
	var r round
	if err := json.NewDecoder(req.Body).Decode(&r); err != nil {
		return
	}
	b, _ := json.Marshal(r.Tallies)
	l.update(ctx, r, map[string]any{"Tallies": string(b)}) // want `TL122: property Tallies is filled from a marshalled document`
}

// signed sets every player's name to what the caller gives, before it
// returns the rounds.
func (l *league) signed(ctx context.Context, name string) []round {
	_, all := l.rounds(ctx)
	for i := range all {
		for j := range all[i].Tallies {
			all[i].Tallies[j].Player = name
		}
	}
	return all
}

// Sign writes lists a helper filled with the request's text.
func (l *league) Sign(ctx context.Context, req *http.Request) {
	for _, r := range l.signed(ctx, req.FormValue("name")) {
		b, _ := json.Marshal(r.Tallies)
		l.update(ctx, r, map[string]any{"Tallies": string(b)}) // want `TL122: property Tallies is filled from a marshalled document`
	}
}

// Reset gives every round an empty list of its own: not read.
func (l *league) Reset(ctx context.Context, fresh []tally) {
	_, all := l.rounds(ctx)
	for i := range all {
		all[i].Tallies = fresh
	}
	for _, r := range all {
		b, _ := json.Marshal(r.Tallies)
		l.update(ctx, r, map[string]any{"Tallies": string(b)}) // want `TL122: property Tallies is filled from a marshalled document`
	}
}
