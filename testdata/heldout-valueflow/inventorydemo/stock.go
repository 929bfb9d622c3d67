// Package inventorydemo lists stock rows with a small filter combinator
// library of its own (Eq, And, Or, String).
package inventorydemo

import (
	"context"
	"net/http"
	"strings"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

// Cond is one filter expression.
type Cond struct{ text string }

// Eq compares a property with a string, quotes escaped.
func Eq(field, v string) Cond {
	return Cond{field + " eq '" + strings.ReplaceAll(v, "'", "''") + "'"} // S
}

// rawEq compares without escaping.
func rawEq(field, v string) Cond {
	return Cond{field + " eq '" + v + "'"} // L: TL321
}

// And joins two conditions.
func And(a, b Cond) Cond { return Cond{"(" + a.text + ") and (" + b.text + ")"} }

// Or joins two conditions.
func Or(a, b Cond) Cond { return Cond{"(" + a.text + ") or (" + b.text + ")"} }

func (c Cond) String() string { return c.text }

// Shelf reads stock rows.
type Shelf struct{ c *aztables.Client }

func (s *Shelf) run(ctx context.Context, filter string) (int, error) {
	n := 0
	p := s.c.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &filter})
	for p.More() {
		page, err := p.NextPage(ctx)
		if err != nil {
			return n, err
		}
		n += len(page.Entities)
	}
	return n, nil
}

// Count counts every row of the table.
func (s *Shelf) Count(ctx context.Context) (int, error) {
	n := 0
	p := s.c.NewListEntitiesPager(nil) // L: TL301
	for p.More() {
		page, err := p.NextPage(ctx)
		if err != nil {
			return n, err
		}
		n += len(page.Entities)
	}
	return n, nil
}

// Either finds an item by partition or by row: an or at the top.
func (s *Shelf) Either(ctx context.Context, store, sku string) (int, error) {
	return s.run(ctx, Or(Eq("PartitionKey", store), Eq("RowKey", sku)).String()) // L: TL301
}

// OnSale reads the rows of one store on sale.
func (s *Shelf) OnSale(ctx context.Context, store string) (int, error) {
	f := And(Eq("PartitionKey", store), Eq("Promo", "yes"))
	return s.run(ctx, f.String()) // L: TL303
}

// ByName serves a lookup by product name from a form.
func (s *Shelf) ByName(w http.ResponseWriter, r *http.Request) {
	f := And(Eq("PartitionKey", "catalog"), rawEq("Title", r.FormValue("title")))
	if _, err := s.run(r.Context(), f.String()); err != nil { // L: TL303
		http.Error(w, err.Error(), 500)
	}
}

// After resumes a listing after a cursor: "a and b or c" without
// parentheses is "(a and b) or c", whose second branch has no
// PartitionKey eq.
func (s *Shelf) After(ctx context.Context, lastPK, lastRK string) (int, error) {
	esc := func(v string) string { return strings.ReplaceAll(v, "'", "''") }
	f := "PartitionKey eq '" + esc(lastPK) + "' and RowKey gt '" + esc(lastRK) + "' or PartitionKey gt '" + esc(lastPK) + "'" // S
	return s.run(ctx, f)                                                                                                      // L: TL301
}
