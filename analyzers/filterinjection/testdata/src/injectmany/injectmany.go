// Package injectmany: a helper interpolates its parameter into a quoted
// literal and twenty calls give it values, the last a form value: every
// caller counts, however many there are. A parameter put into one filter
// escaped and into another unescaped is reported at the unescaped one.
package injectmany

import (
	"context"
	"fmt"
	"net/http"
	"strings"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

type depot struct{ tc *aztables.Client }

func (d *depot) count(ctx context.Context, f string) int {
	p := d.tc.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &f})
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

// dock puts its parameter into one filter escaped and into another not.
func (d *depot) dock(ctx context.Context, name string) int {
	safe := d.count(ctx, "PartitionKey eq 'docks' and Name eq '"+strings.ReplaceAll(name, "'", "''")+"'")
	return safe + d.count(ctx, "PartitionKey eq 'docks' and Alias eq '"+name+"'") // want `TL321: name \(string\)`
}

func (d *depot) Dock(r *http.Request) int { return d.dock(r.Context(), r.FormValue("dock")) }

// bay is called from twenty places: more than a value's variant bound.
func (d *depot) bay(ctx context.Context, name string) int {
	return d.count(ctx, fmt.Sprintf("PartitionKey eq 'bays' and Bay eq '%s'", name)) // want `TL321: name \(string\)`
}

func (d *depot) Bay00(ctx context.Context) int { return d.bay(ctx, "bay-00") }
func (d *depot) Bay01(ctx context.Context) int { return d.bay(ctx, "bay-01") }
func (d *depot) Bay02(ctx context.Context) int { return d.bay(ctx, "bay-02") }
func (d *depot) Bay03(ctx context.Context) int { return d.bay(ctx, "bay-03") }
func (d *depot) Bay04(ctx context.Context) int { return d.bay(ctx, "bay-04") }
func (d *depot) Bay05(ctx context.Context) int { return d.bay(ctx, "bay-05") }
func (d *depot) Bay06(ctx context.Context) int { return d.bay(ctx, "bay-06") }
func (d *depot) Bay07(ctx context.Context) int { return d.bay(ctx, "bay-07") }
func (d *depot) Bay08(ctx context.Context) int { return d.bay(ctx, "bay-08") }
func (d *depot) Bay09(ctx context.Context) int { return d.bay(ctx, "bay-09") }
func (d *depot) Bay10(ctx context.Context) int { return d.bay(ctx, "bay-10") }
func (d *depot) Bay11(ctx context.Context) int { return d.bay(ctx, "bay-11") }
func (d *depot) Bay12(ctx context.Context) int { return d.bay(ctx, "bay-12") }
func (d *depot) Bay13(ctx context.Context) int { return d.bay(ctx, "bay-13") }
func (d *depot) Bay14(ctx context.Context) int { return d.bay(ctx, "bay-14") }
func (d *depot) Bay15(ctx context.Context) int { return d.bay(ctx, "bay-15") }
func (d *depot) Bay16(ctx context.Context) int { return d.bay(ctx, "bay-16") }
func (d *depot) Bay17(ctx context.Context) int { return d.bay(ctx, "bay-17") }
func (d *depot) Bay18(ctx context.Context) int { return d.bay(ctx, "bay-18") }
func (d *depot) Asked(r *http.Request) int     { return d.bay(r.Context(), r.FormValue("bay")) }
