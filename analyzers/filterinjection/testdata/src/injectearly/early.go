// Package injectearly: an escaper that hands an empty value back before
// doubling the quotes of any other is an escaper (on that path the value
// is the empty text); one whose early return is taken on a test that
// does not fix the value (a prefix), or fixes it to a quote, is not.
package injectearly

import (
	"context"
	"fmt"
	"strings"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

type garage struct{ spots *aztables.Client }

// odata returns "" as it is and any other plate with its quotes doubled.
func odata(plate string) string {
	if plate == "" {
		return plate
	}
	return strings.ReplaceAll(plate, "'", "''")
}

// odataLoose returns plates starting with "tmp" unescaped.
func odataLoose(plate string) string {
	if strings.HasPrefix(plate, "tmp") {
		return plate
	}
	return strings.ReplaceAll(plate, "'", "''")
}

// doubled hands an empty plate back, then writes every quote of any
// other twice by hand.
func doubled(plate string) string {
	if len(plate) == 0 {
		return plate
	}
	out := make([]rune, 0, len(plate))
	for _, r := range plate {
		out = append(out, r)
		if r == '\'' {
			out = append(out, r)
		}
	}
	return string(out)
}

// doubledTick is doubled handing a lone quote back as it is.
func doubledTick(plate string) string {
	if plate == "'" {
		return plate
	}
	out := make([]rune, 0, len(plate))
	for _, r := range plate {
		out = append(out, r)
		if r == '\'' {
			out = append(out, r)
		}
	}
	return string(out)
}

// level passes the two levels it knows through a switch and escapes the
// rest.
func level(name string) string {
	switch name {
	case "ground", "roof":
		return name
	}
	return strings.ReplaceAll(name, "'", "''")
}

// Silent: the early return is the empty text.
func (g *garage) Parked(ctx context.Context, plate string) {
	f := fmt.Sprintf("Plate eq '%s'", odata(plate))
	g.spots.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &f})
}

// Silent: the switch's case returns one of two words.
func (g *garage) OnLevel(ctx context.Context, name string) {
	f := "Level eq '" + level(name) + "'"
	g.spots.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &f})
}

// Reported: a prefix test does not fix the plate.
func (g *garage) Temporary(ctx context.Context, plate string) {
	f := fmt.Sprintf("Plate eq '%s'", odataLoose(plate)) // want `TL321`
	g.spots.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &f})
}

// Silent: the hand-written escaper's early return is the empty text.
func (g *garage) Kept(ctx context.Context, plate string) {
	f := fmt.Sprintf("Plate eq '%s'", doubled(plate))
	g.spots.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &f})
}

// Reported: the hand-written escaper's early return is a quote.
func (g *garage) KeptTick(ctx context.Context, plate string) {
	f := fmt.Sprintf("Plate eq '%s'", doubledTick(plate)) // want `TL321`
	g.spots.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &f})
}
