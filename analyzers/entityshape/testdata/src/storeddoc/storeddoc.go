// Package storeddoc keeps each game's scores as JSON text in one
// property: read, edited and written back.
package storeddoc

import (
	"context"
	"encoding/json"
	"net/http"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

type score struct {
	Player string
	Points int
}

func readGame(ctx context.Context, c *aztables.Client, game string) (aztables.EDMEntity, error) {
	var e aztables.EDMEntity
	resp, err := c.GetEntity(ctx, "games", game, nil)
	if err != nil {
		return e, err
	}
	err = json.Unmarshal(resp.Value, &e)
	return e, err
}

func write(ctx context.Context, c *aztables.Client, e aztables.EDMEntity, props map[string]any) error { // want write:"fills\\(3→Properties\\)"
	out, err := json.Marshal(aztables.EDMEntity{
		Entity:     aztables.Entity{PartitionKey: e.PartitionKey, RowKey: e.RowKey},
		Properties: props,
	})
	if err != nil {
		return err
	}
	_, err = c.UpdateEntity(ctx, out, nil)
	return err
}

// forgetPlayer blanks one player's name in the stored list: the list
// read back is no longer than the property it came from.
func forgetPlayer(ctx context.Context, c *aztables.Client, game, player string) error {
	e, err := readGame(ctx, c, game)
	if err != nil {
		return err
	}
	text, _ := e.Properties["Scores"].(string)
	var scores []score
	if err := json.Unmarshal([]byte(text), &scores); err != nil {
		return err
	}
	for i := range scores {
		if scores[i].Player == player {
			scores[i].Player = ""
		}
	}
	b, err := json.Marshal(scores)
	if err != nil {
		return err
	}
	out, err := json.Marshal(aztables.EDMEntity{
		Entity:     aztables.Entity{PartitionKey: e.PartitionKey, RowKey: e.RowKey},
		Properties: map[string]any{"Scores": string(b)}, // silent: the stored list, edited, not grown
	})
	if err != nil {
		return err
	}
	_, err = c.UpdateEntity(ctx, out, nil)
	return err
}

// addScore appends to the stored list: it grows with every game until
// the property is full.
func addScore(ctx context.Context, c *aztables.Client, game string, s score) error {
	e, err := readGame(ctx, c, game)
	if err != nil {
		return err
	}
	text, _ := e.Properties["Scores"].(string)
	var scores []score
	if err := json.Unmarshal([]byte(text), &scores); err != nil {
		return err
	}
	scores = append(scores, s)
	b, err := json.Marshal(scores)
	if err != nil {
		return err
	}
	out, err := json.Marshal(aztables.EDMEntity{
		Entity:     aztables.Entity{PartitionKey: e.PartitionKey, RowKey: e.RowKey},
		Properties: map[string]any{"Scores": string(b)}, // want `TL122: property Scores is filled from a marshalled document`
	})
	if err != nil {
		return err
	}
	_, err = c.UpdateEntity(ctx, out, nil)
	return err
}

// renamePlayer sets a name the request gives: as long as the request
// makes it.
func renamePlayer(ctx context.Context, c *aztables.Client, r *http.Request, game string) error {
	e, err := readGame(ctx, c, game)
	if err != nil {
		return err
	}
	text, _ := e.Properties["Scores"].(string)
	var scores []score
	if err := json.Unmarshal([]byte(text), &scores); err != nil {
		return err
	}
	for i := range scores {
		scores[i].Player = r.FormValue("name")
	}
	b, err := json.Marshal(scores)
	if err != nil {
		return err
	}
	return write(ctx, c, e, map[string]any{"Scores": string(b)}) // want `TL122: property Scores is filled from a marshalled document`
}

// fromRequest marshals a list the request gives: a document of any size.
func fromRequest(ctx context.Context, c *aztables.Client, r *http.Request, game string) error {
	e, err := readGame(ctx, c, game)
	if err != nil {
		return err
	}
	var scores []score
	if err := json.NewDecoder(r.Body).Decode(&scores); err != nil {
		return err
	}
	b, err := json.Marshal(scores)
	if err != nil {
		return err
	}
	return write(ctx, c, e, map[string]any{"Scores": string(b)}) // want `TL122: property Scores is filled from a marshalled document`
}

func scrubAll(ctx context.Context, c *aztables.Client, player string) error {
	pager := c.NewListEntitiesPager(nil)
	for pager.More() {
		page, err := pager.NextPage(ctx)
		if err != nil {
			return err
		}
		for _, raw := range page.Entities {
			var e aztables.EDMEntity
			if err := json.Unmarshal(raw, &e); err != nil {
				return err
			}
			text, _ := e.Properties["Scores"].(string)
			var scores []score
			if err := json.Unmarshal([]byte(text), &scores); err != nil {
				return err
			}
			for i := range scores {
				if scores[i].Player == player {
					scores[i].Player = ""
				}
			}
			b, _ := json.Marshal(scores)
			out, _ := json.Marshal(aztables.EDMEntity{
				Entity:     aztables.Entity{PartitionKey: e.PartitionKey, RowKey: e.RowKey},
				Properties: map[string]any{"Scores": string(b)}, // silent: the stored list, edited, not grown
			})
			if _, err := c.UpdateEntity(ctx, out, nil); err != nil {
				return err
			}
		}
	}
	return nil
}

// propText is one String property of a row.
func propText(e aztables.EDMEntity, name string) string {
	s, _ := e.Properties[name].(string)
	return s
}

// scoresOf decodes a row's stored list.
func scoresOf(e aztables.EDMEntity) []score {
	var ss []score
	_ = json.Unmarshal([]byte(propText(e, "Scores")), &ss)
	return ss
}

// scoresOfText decodes a list the caller gives.
func scoresOfText(text string) []score {
	var ss []score
	_ = json.Unmarshal([]byte(text), &ss)
	return ss
}

// zeroPoints edits the list two helpers read: not grown.
func zeroPoints(ctx context.Context, c *aztables.Client, game string) error {
	e, err := readGame(ctx, c, game)
	if err != nil {
		return err
	}
	scores := scoresOf(e)
	for i := range scores {
		scores[i].Points = 0
	}
	b, _ := json.Marshal(scores)
	return write(ctx, c, e, map[string]any{"Scores": string(b)}) // silent: the stored list, edited, not grown
}

// importScores decodes a list from the request through the same kind
// of helper: a document of any size.
func importScores(ctx context.Context, c *aztables.Client, r *http.Request, game string) error {
	e, err := readGame(ctx, c, game)
	if err != nil {
		return err
	}
	scores := scoresOfText(r.FormValue("scores"))
	b, _ := json.Marshal(scores)
	return write(ctx, c, e, map[string]any{"Scores": string(b)}) // want `TL122: property Scores is filled from a marshalled document`
}

// moreScores grows the list a helper read: reported.
func moreScores(ctx context.Context, c *aztables.Client, game string, s score) error {
	e, err := readGame(ctx, c, game)
	if err != nil {
		return err
	}
	scores := append(scoresOf(e), s)
	b, _ := json.Marshal(scores)
	return write(ctx, c, e, map[string]any{"Scores": string(b)}) // want `TL122: property Scores is filled from a marshalled document`
}

// archiveRow keeps a whole row, decoded as a map, in one property of
// another: a row holds up to 1 MiB, a String property 64 KiB.
func archiveRow(ctx context.Context, c *aztables.Client, game string) error {
	resp, err := c.GetEntity(ctx, "games", game, nil)
	if err != nil {
		return err
	}
	var row map[string]any
	if err := json.Unmarshal(resp.Value, &row); err != nil {
		return err
	}
	b, _ := json.Marshal(row)
	out, _ := json.Marshal(map[string]any{"PartitionKey": "archive", "RowKey": game, "Row": string(b)}) // want `TL122: property Row is filled from a marshalled document`
	_, err = c.AddEntity(ctx, out, nil)
	return err
}
