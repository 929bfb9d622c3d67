package inventoryb

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"strings"

	"github.com/Azure/azure-sdk-for-go/sdk/azcore"
	"github.com/Azure/azure-sdk-for-go/sdk/azcore/to"
	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

// Line is one stock line.
type Line struct {
	aztables.Entity
	Cost     float32
	OnShelf  int32
	Caption  string
	Discount bool
}

// SeedCrayons stores one stock line with fixed keys.
func (s *Shop) SeedCrayons(ctx context.Context) error {
	ln := Line{
		Entity: aztables.Entity{
			PartitionKey: "crayons",
			RowKey:       "cat-0042", // S
		},
		Cost:     2.49,
		OnShelf:  40,
		Caption:  "Wax crayons, 24 colours",
		Discount: false,
	}
	raw, err := json.Marshal(ln)
	if err != nil {
		return err
	}
	_, err = s.lines.AddEntity(ctx, raw, nil) // S
	return err
}

// CrayonsOrOne lists the crayons and one catalogue number of any kind,
// fifteen to a page, with only some columns.
func (s *Shop) CrayonsOrOne(ctx context.Context) ([]Line, error) {
	pager := s.lines.NewListEntitiesPager(&aztables.ListEntitiesOptions{
		Filter: to.Ptr("PartitionKey eq 'crayons' or RowKey eq 'cat-0007'"), // L: TL301
		Select: to.Ptr("RowKey,Cost,OnShelf,Caption"),
		Top:    to.Ptr(int32(15)),
	})
	var found []Line
	for pager.More() {
		page, err := pager.NextPage(ctx) // S
		if err != nil {
			return nil, err
		}
		for _, raw := range page.Entities {
			var ln Line
			if err := json.Unmarshal(raw, &ln); err != nil {
				return nil, err
			}
			found = append(found, ln)
		}
	}
	return found, nil
}

// Withdraw deletes one stock line by its keys.
func (s *Shop) Withdraw(ctx context.Context, kind, number string) error {
	_, err := s.lines.DeleteEntity(ctx, kind, number, nil) // S
	return err
}

// Reprice reads a line, sets a new cost and writes it back.
func (s *Shop) Reprice(ctx context.Context, kind, number string, cost float32) error {
	got, err := s.lines.GetEntity(ctx, kind, number, nil)
	if err != nil {
		return err
	}
	var ln Line
	if err := json.Unmarshal(got.Value, &ln); err != nil {
		return err
	}
	ln.Cost = cost
	raw, err := json.Marshal(ln)
	if err != nil {
		return err
	}
	_, err = s.lines.UpdateEntity(ctx, raw, nil) // L: TL414
	return err
}

// Restock adds to the shelf count under the read's ETag and reads again
// when another writer got there first.
func (s *Shop) Restock(ctx context.Context, kind, number string, n int32) error {
	for attempt := 0; attempt < 5; attempt++ {
		got, err := s.lines.GetEntity(ctx, kind, number, nil)
		if err != nil {
			return err
		}
		var ln Line
		if err := json.Unmarshal(got.Value, &ln); err != nil {
			return err
		}
		ln.OnShelf += n
		raw, err := json.Marshal(ln)
		if err != nil {
			return err
		}
		_, err = s.lines.UpdateEntity(ctx, raw, &aztables.UpdateEntityOptions{IfMatch: &got.ETag, UpdateMode: aztables.UpdateModeMerge}) // S
		var rerr *azcore.ResponseError
		if errors.As(err, &rerr) && rerr.StatusCode == http.StatusPreconditionFailed {
			continue
		}
		return err
	}
	return errors.New("inventoryb: too many concurrent restocks")
}

// DiscountTeaser shows the first few discounted lines of one kind.
func (s *Shop) DiscountTeaser(ctx context.Context, kind string) ([]Line, error) {
	filter := "PartitionKey eq '" + strings.ReplaceAll(kind, "'", "''") + "' and Discount eq true"               // S
	pager := s.lines.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &filter, Top: to.Ptr(int32(5))}) // L: TL303
	page, err := pager.NextPage(ctx)                                                                             // L: TL307
	if err != nil {
		return nil, err
	}
	out := make([]Line, 0, len(page.Entities))
	for _, raw := range page.Entities {
		var ln Line
		if err := json.Unmarshal(raw, &ln); err != nil {
			return nil, err
		}
		out = append(out, ln)
	}
	return out, nil
}

// ByCaption finds lines by their caption in every kind, fifty at a time.
func (s *Shop) ByCaption(ctx context.Context, caption string) ([]Line, error) {
	filter := "Caption eq '" + strings.ReplaceAll(caption, "'", "''") + "'"
	pager := s.lines.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &filter, Top: to.Ptr(int32(50))}) // L: TL301
	var out []Line
	for pager.More() {
		page, err := pager.NextPage(ctx)
		if err != nil {
			return nil, err
		}
		for _, raw := range page.Entities {
			var ln Line
			if err := json.Unmarshal(raw, &ln); err != nil {
				return nil, err
			}
			out = append(out, ln)
		}
		if len(page.Entities) < 50 { // L: TL308
			break
		}
	}
	return out, nil
}

// ClearEmpty deletes every line with nothing left on the shelf.
func (s *Shop) ClearEmpty(ctx context.Context) error {
	pager := s.lines.NewListEntitiesPager(&aztables.ListEntitiesOptions{
		Filter: to.Ptr("OnShelf eq 0"), // L: TL301 TL313
		Select: to.Ptr("PartitionKey,RowKey"),
	})
	for pager.More() {
		page, err := pager.NextPage(ctx)
		if err != nil {
			return err
		}
		for _, raw := range page.Entities {
			var keys aztables.Entity
			if err := json.Unmarshal(raw, &keys); err != nil {
				return err
			}
			if _, err := s.lines.DeleteEntity(ctx, keys.PartitionKey, keys.RowKey, nil); err != nil { // S
				return err
			}
		}
	}
	return nil
}
