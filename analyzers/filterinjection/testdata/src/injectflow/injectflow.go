// Package injectflow: values the flow layer follows into a quoted
// literal, each reported once, where it enters the literal.
package injectflow

import (
	"context"
	"fmt"
	"net/http"
	"strings"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

type cond struct{ text string }

func eq(field, v string) cond {
	return cond{field + " eq '" + strings.ReplaceAll(v, "'", "''") + "'"}
}

// rawEq does not escape: reported here, where the helper quotes.
func rawEq(field, v string) cond {
	return cond{field + " eq '" + v + "'"} // want `TL321: v \(string\)`
}

func and(a, b cond) cond { return cond{"(" + a.text + ") and (" + b.text + ")"} }

func (c cond) String() string { return c.text }

type store struct{ c *aztables.Client }

func (s *store) list(ctx context.Context, filter string) {
	opts := &aztables.ListEntitiesOptions{}
	if filter != "" {
		opts.Filter = &filter
	}
	p := s.c.NewListEntitiesPager(opts)
	for p.More() {
		_, _ = p.NextPage(ctx)
	}
}

func (s *store) byTitle(r *http.Request) {
	f := and(eq("PartitionKey", "catalog"), rawEq("Title", r.FormValue("title")))
	s.list(r.Context(), f.String())
}

// clauses: the unescaped clause is reported at its +.
func (s *store) clauses(r *http.Request) {
	var parts []string
	if v := r.URL.Query().Get("from"); v != "" {
		parts = append(parts, "Day ge '"+strings.ReplaceAll(v, "'", "''")+"'")
	}
	if v := r.URL.Query().Get("to"); v != "" {
		parts = append(parts, "Day le '"+v+"'") // want `TL321: v \(string\)`
	}
	filter := ""
	if len(parts) > 0 {
		filter = strings.Join(parts, " and ")
	}
	s.list(r.Context(), filter)
}

// computed: a bound computed on one line enters the literal on the
// next: reported there, once for p and once for hi.
func (s *store) computed(ctx context.Context, p string) {
	var f string
	if p == "" {
		f = "PartitionKey eq 'people'"
	} else {
		hi := p[:len(p)-1] + string(rune(p[len(p)-1]+1))
		f = fmt.Sprintf("PartitionKey eq 'people' and Name ge '%s' and Name lt '%s'", p, hi) // want `TL321: p \(string\)` `TL321: hi \(string\)`
	}
	s.list(ctx, f)
}

// predicate formats a value by its type; the default case does not
// escape.
func predicate(col string, v any) string {
	switch x := v.(type) {
	case string:
		return fmt.Sprintf("%s eq '%s'", col, strings.ReplaceAll(x, "'", "''"))
	case int64:
		return fmt.Sprintf("%s eq %dL", col, x)
	default:
		return fmt.Sprintf("%s eq '%v'", col, x) // want `TL321: x \(any\)`
	}
}

type term struct {
	col string
	val any
}

// where joins predicates appended in a loop.
func where(terms []term) string {
	var parts []string
	for _, t := range terms {
		parts = append(parts, predicate(t.col, t.val))
	}
	return strings.Join(parts, " and ")
}

func (s *store) selectWhere(ctx context.Context, terms []term) {
	f := where(terms)
	s.list(ctx, f)
}
