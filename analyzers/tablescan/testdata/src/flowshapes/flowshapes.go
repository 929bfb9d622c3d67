// Package flowshapes: filters the flow layer follows where the AST
// resolver cannot — a small combinator library, a filter variable
// assigned in branches and passed to a helper, clauses appended to a
// slice and joined under a length guard, a helper returning the
// filter from a loop. Each shape that reaches the query is checked.
package flowshapes

import (
	"context"
	"strings"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

type cond struct{ text string }

func eq(field, v string) cond {
	return cond{field + " eq '" + strings.ReplaceAll(v, "'", "''") + "'"}
}

func and(a, b cond) cond { return cond{"(" + a.text + ") and (" + b.text + ")"} }

func or(a, b cond) cond { return cond{"(" + a.text + ") or (" + b.text + ")"} }

func (c cond) String() string { return c.text }

type store struct{ c *aztables.Client }

// list sets the filter only when there is one.
func (s *store) list(ctx context.Context, filter string) int {
	opts := &aztables.ListEntitiesOptions{}
	if filter != "" {
		opts.Filter = &filter
	}
	n := 0
	p := s.c.NewListEntitiesPager(opts)
	for p.More() {
		page, _ := p.NextPage(ctx)
		n += len(page.Entities)
	}
	return n
}

// either: an or at the top of the filter.
func (s *store) either(ctx context.Context, pk, rk string) int {
	return s.list(ctx, or(eq("PartitionKey", pk), eq("RowKey", rk)).String()) // want `TL301: query via store.list at flowshapes.go:36 scans the whole table`
}

// point: both keys, through the same library: silent.
func (s *store) point(ctx context.Context, pk, rk string) int {
	f := and(eq("PartitionKey", pk), eq("RowKey", rk))
	return s.list(ctx, f.String())
}

// optional: the filter is empty on one path.
func (s *store) optional(ctx context.Context, id string) int {
	filter := ""
	if id != "" {
		filter = "PartitionKey eq '" + strings.ReplaceAll(id, "'", "''") + "'"
	}
	return s.list(ctx, filter) // want `TL301: query via store.list at flowshapes.go:36 has no filter`
}

// always: the filter is set on every path: silent.
func (s *store) always(ctx context.Context, id string) int {
	var filter string
	if id != "" {
		filter = "PartitionKey eq 'p' and RowKey eq '" + strings.ReplaceAll(id, "'", "''") + "'"
	} else {
		filter = "PartitionKey eq 'p' and RowKey eq 'default'"
	}
	return s.list(ctx, filter)
}

// guarded: clauses in a slice, joined when there are any; no clause
// names the partition.
func (s *store) guarded(ctx context.Context, from, to string) int {
	var parts []string
	if from != "" {
		parts = append(parts, "Day ge '"+strings.ReplaceAll(from, "'", "''")+"'")
	}
	if to != "" {
		parts = append(parts, "Day le '"+strings.ReplaceAll(to, "'", "''")+"'")
	}
	filter := ""
	if len(parts) > 0 {
		filter = strings.Join(parts, " and ")
	}
	return s.list(ctx, filter) // want `TL301: query via store.list at flowshapes.go:36`
}

// looped: clauses appended in a loop: the filter is unknown, silent.
func looped(names []string) string {
	var parts []string
	for _, n := range names {
		parts = append(parts, "Name eq '"+strings.ReplaceAll(n, "'", "''")+"'")
	}
	return "PartitionKey eq 'p' and (" + strings.Join(parts, " or ") + ")"
}

func (s *store) byNames(ctx context.Context, names []string) int {
	return s.list(ctx, looped(names))
}

// byTenant narrows to one tenant's partition only when a tenant is
// named: with none, the options keep no filter and the whole table is
// read.
func (s *store) byTenant(ctx context.Context, tenant string) int {
	opts := &aztables.ListEntitiesOptions{}
	if tenant != "" {
		f := "PartitionKey eq '" + strings.ReplaceAll(tenant, "'", "''") + "'"
		opts.Filter = &f
	}
	p := s.c.NewListEntitiesPager(opts) // want `TL301: query has no filter: it reads the whole table`
	n := 0
	for p.More() {
		page, _ := p.NextPage(ctx)
		n += len(page.Entities)
	}
	return n
}

// byTenantAlways is byTenant's silent twin: without a tenant it stops
// before listing anything.
func (s *store) byTenantAlways(ctx context.Context, tenant string) int {
	opts := &aztables.ListEntitiesOptions{}
	if tenant == "" {
		return 0
	}
	f := "PartitionKey eq '" + strings.ReplaceAll(tenant, "'", "''") + "'"
	opts.Filter = &f
	p := s.c.NewListEntitiesPager(opts)
	n := 0
	for p.More() {
		page, _ := p.NextPage(ctx)
		n += len(page.Entities)
	}
	return n
}
