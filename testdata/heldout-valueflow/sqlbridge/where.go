// Package sqlbridge turns the WHERE part of a tiny SQL dialect into an
// OData filter: predicates formatted by type, joined with and.
package sqlbridge

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

// term is one column = value condition.
type term struct {
	col string
	val any
}

func predicate(col string, v any) string {
	switch x := v.(type) {
	case string:
		return fmt.Sprintf("%s eq '%s'", col, strings.ReplaceAll(x, "'", "''")) // S
	case int64:
		return fmt.Sprintf("%s eq %dL", col, x)
	case bool:
		return fmt.Sprintf("%s eq %t", col, x)
	case time.Time:
		return fmt.Sprintf("%s eq datetime'%s'", col, x.UTC().Format(time.RFC3339)) // S
	default:
		return fmt.Sprintf("%s eq '%v'", col, x) // L: TL321
	}
}

func where(terms []term) string {
	var parts []string
	for _, t := range terms {
		parts = append(parts, predicate(t.col, t.val))
	}
	return strings.Join(parts, " and ")
}

// Select runs a SELECT: a point read when both keys are given, otherwise
// a query with whatever conditions there are.
func Select(ctx context.Context, c *aztables.Client, terms []term) ([][]byte, error) {
	opts := &aztables.ListEntitiesOptions{}
	if f := where(terms); f != "" {
		opts.Filter = &f
	}
	var out [][]byte
	p := c.NewListEntitiesPager(opts)
	for p.More() {
		page, err := p.NextPage(ctx)
		if err != nil {
			return nil, err
		}
		out = append(out, page.Entities...)
	}
	return out, nil
}

// ActiveUsers asks for the active users of one tenant.
func ActiveUsers(ctx context.Context, c *aztables.Client, tenant string) ([][]byte, error) {
	return Select(ctx, c, []term{{"PartitionKey", tenant}, {"Active", true}}) // L: TL303
}

// ByEmail asks for a user by e-mail in every tenant.
func ByEmail(ctx context.Context, c *aztables.Client, email string) ([][]byte, error) {
	return Select(ctx, c, []term{{"Email", email}}) // L: TL301
}
