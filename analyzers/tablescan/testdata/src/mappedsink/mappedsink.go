// Package mappedsink: a search helper renders the caller's criteria one
// by one through a formatter that switches on each value's type, joins
// them, and runs the query; every call is checked with the criteria it
// passes.
package mappedsink

import (
	"context"
	"fmt"
	"strings"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

type criterion struct {
	field string
	value any
}

func clause(field string, value any) string {
	switch v := value.(type) {
	case string:
		return field + " eq '" + strings.ReplaceAll(v, "'", "''") + "'"
	case int:
		return fmt.Sprintf("%s eq %d", field, v)
	default:
		return fmt.Sprintf("%s eq %v", field, v)
	}
}

func render(cs []criterion) string {
	out := []string{}
	for _, c := range cs {
		out = append(out, clause(c.field, c.value))
	}
	return strings.Join(out, " and ")
}

// Search runs the criteria it is given.
func Search(ctx context.Context, tc *aztables.Client, cs []criterion) {
	f := render(cs)
	tc.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &f})
}

func byColour(ctx context.Context, tc *aztables.Client, colour string) {
	Search(ctx, tc, []criterion{{"Colour", colour}}) // want `TL301: query via Search at mappedsink.go:42 scans the whole table`
}

// Silent twin: the criteria name both keys.
func byKeys(ctx context.Context, tc *aztables.Client, shop string, n int) {
	Search(ctx, tc, []criterion{{"PartitionKey", shop}, {"RowKey", fmt.Sprint(n)}})
}
