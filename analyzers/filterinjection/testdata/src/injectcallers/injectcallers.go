// Package injectcallers: a parameter interpolated into a quoted literal
// is safe when every call the package makes passes a value that cannot
// carry a quote, and reported where it is interpolated otherwise.
package injectcallers

import (
	"context"
	"fmt"
	"net/http"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

const (
	shelfBooks = "books"
	shelfMaps  = "maps"
)

type library struct{ tc *aztables.Client }

func (l *library) count(ctx context.Context, f string) int {
	p := l.tc.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &f})
	n := 0
	for p.More() {
		page, err := p.NextPage(ctx)
		if err != nil {
			return n
		}
		n += len(page.Entities)
	}
	return n
}

// Silent: both callers pass constants.
func (l *library) shelf(ctx context.Context, name string) int {
	return l.count(ctx, fmt.Sprintf("PartitionKey eq '%s'", name))
}

func (l *library) Books(ctx context.Context) int { return l.shelf(ctx, shelfBooks) }
func (l *library) Maps(ctx context.Context) int  { return l.shelf(ctx, shelfMaps) }

// Reported: one caller passes a form value.
func (l *library) aisle(ctx context.Context, name string) int {
	return l.count(ctx, fmt.Sprintf("Aisle eq '%s'", name)) // want `TL321: name \(string\)`
}

func (l *library) Fiction(ctx context.Context) int { return l.aisle(ctx, "fiction") }
func (l *library) Asked(r *http.Request) int       { return l.aisle(r.Context(), r.FormValue("aisle")) }

// Reported: a constant at its one static call, but the method is also
// reached through an interface with a caller's value.
type finder interface {
	find(ctx context.Context, who string) int
}

func (l *library) find(ctx context.Context, who string) int {
	return l.count(ctx, fmt.Sprintf("Owner eq '%s'", who)) // want `TL321: who \(string\)`
}

func (l *library) Mine(ctx context.Context) int { return l.find(ctx, "me") }

func Lookup(ctx context.Context, f finder, who string) int { return f.find(ctx, who) }
