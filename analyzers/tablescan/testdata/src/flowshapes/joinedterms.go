package flowshapes

import (
	"context"
	"strings"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

var esc = strings.NewReplacer("'", "''")

// Several shelves' books in one query: RowKey terms assigned by index,
// joined with or inside a PartitionKey query.
func someBooks(ctx context.Context, c *aztables.Client, shelf string, isbns []string) {
	terms := make([]string, len(isbns))
	for i, n := range isbns {
		terms[i] = "RowKey eq '" + esc.Replace(n) + "'"
	}
	f := "PartitionKey eq '" + esc.Replace(shelf) + "' and (" + strings.Join(terms, " or ") + ")"
	c.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &f}) // want `TL304`
}

// The same with appends.
func someMaps(ctx context.Context, c *aztables.Client, ids []string) {
	var terms []string
	for _, id := range ids {
		terms = append(terms, "RowKey eq '"+esc.Replace(id)+"'")
	}
	f := "PartitionKey eq 'maps' and (" + strings.Join(terms, " or ") + ")"
	c.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &f}) // want `TL304`
}

// Silent: joined with and, the RowKey bounds narrow one range.
func bookRange(ctx context.Context, c *aztables.Client, lo, hi string) {
	terms := make([]string, 2)
	terms[0] = "RowKey ge '" + esc.Replace(lo) + "'"
	terms[1] = "RowKey lt '" + esc.Replace(hi) + "'"
	f := "PartitionKey eq 'books' and " + strings.Join(terms, " and ")
	c.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &f})
}

// Silent: the slice is filled by a helper the engine does not follow.
func byTitles(ctx context.Context, c *aztables.Client, fill func([]string), n int) {
	terms := make([]string, n)
	fill(terms)
	f := "PartitionKey eq 'books' and (" + strings.Join(terms, " or ") + ")"
	c.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &f})
}

// Silent (TL303 is info): the loop joins Title comparisons, not RowKey.
func byTitle(ctx context.Context, c *aztables.Client, titles []string) {
	var terms []string
	for _, t := range titles {
		terms = append(terms, "Title eq '"+esc.Replace(t)+"'")
	}
	f := "PartitionKey eq 'books' and (" + strings.Join(terms, " or ") + ")"
	c.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &f})
}
