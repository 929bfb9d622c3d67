package flowshapes

import (
	"context"
	"fmt"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
	"github.com/Azure/azure-sdk-for-go/storage"
)

// A pointer helper that gives nil for empty text: the filter is absent
// whenever the configuration leaves it empty.
func ptrUnlessEmpty(s string) *string {
	if s == "" {
		return nil
	}
	return &s
}

type feedConf struct{ Where, Fields string }

func readFeed(ctx context.Context, c *aztables.Client, conf feedConf) {
	p := c.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: ptrUnlessEmpty(conf.Where)}) // want `TL301: query has no filter`
	for p.More() {
		_, _ = p.NextPage(ctx)
	}
}

// Silent: constant text that is not empty never takes the nil path.
func readShelf(ctx context.Context, c *aztables.Client) {
	p := c.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: ptrUnlessEmpty("PartitionKey eq 'shelf'")})
	for p.More() {
		_, _ = p.NextPage(ctx)
	}
}

// A variadic combinator that joins its clauses by hand (legacy API).
type term string

func equals(col, v string) term { return term(fmt.Sprintf("%s eq '%s'", col, v)) }

func allOf(ts ...term) term {
	out := ""
	for i, t := range ts {
		if i > 0 {
			out += " and "
		}
		out += string(t)
	}
	return term("(" + out + ")")
}

func byColour(t *storage.Table) {
	f := allOf(equals("Colour", "red"), equals("Size", "L"))
	_, _ = t.QueryEntities(30, storage.MinimalMetadata, &storage.QueryOptions{Filter: string(f)}) // want `TL301: query scans the whole table`
}

// Silent: the partition is fixed by the first clause.
func inShelf(t *storage.Table) {
	f := allOf(equals("PartitionKey", "shelf"), equals("RowKey", "b7"))
	_, _ = t.QueryEntities(30, storage.MinimalMetadata, &storage.QueryOptions{Filter: string(f)})
}
