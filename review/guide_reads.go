package review

import (
	"slices"
	"strings"

	"github.com/tablelint/tablelint/model"
	"github.com/tablelint/tablelint/odata"
	"github.com/tablelint/tablelint/plan"
)

// duplicateQueries reports a query of the table that is another one
// again (TL324): the same filter once normalised (canonFilter), the same
// $top and the same $select. Each run is a billed round
// trip; the guide's own sample runs its query twice and uses one result.
func (r *reviewer) duplicateQueries(rows []QueryRow) {
	for i, row := range rows {
		q := row.Query
		if q.Filter == nil || q.Unsupported != nil {
			continue
		}
		for _, prev := range rows[:i] {
			p := prev.Query
			if p.Filter == nil || p.Unsupported != nil || !sameRequest(p, q) {
				continue
			}
			r.add("TL324", q.Node, -1, "query %s.%s is query %s again", q.Table.Name, q.Name, p.Name).Hint =
				sprintf("they send the same request: run it once and share the result (or cache it on the client when it changes rarely), instead of a billed round trip for each")
			break
		}
	}
}

// sameRequest reports whether two queries send the same request: filter,
// $top and $select (in any order).
func sameRequest(a, b *model.Query) bool {
	if a.Top != b.Top || len(a.Select) != len(b.Select) || canonFilter(a.Filter.Expr, 0) != canonFilter(b.Filter.Expr, 0) {
		return false
	}
	sa, sb := slices.Clone(a.Select), slices.Clone(b.Select)
	slices.Sort(sa)
	slices.Sort(sb)
	return slices.Equal(sa, sb)
}

// countOnlyReads reports a query the application uses only to count what
// it returns (countOnly: true) when it reads more than one entity
// (TL325): the service has no count, so every entity counted is read,
// sent and billed by the page. A counter kept in a summary entity (the
// guide's EmployeeCount in the department entity) is one point query.
func (r *reviewer) countOnlyReads(rows []QueryRow) {
	for _, row := range rows {
		q := row.Query
		if !q.CountOnly || q.Unsupported != nil || q.Plan.Kind == plan.Point || q.Top == 1 {
			continue
		}
		reads := "every entity it matches"
		if row.ScannedKnown {
			if row.Scanned <= 1 {
				continue
			}
			reads = "~" + num(row.Scanned) + " entities"
		}
		r.add("TL325", q.CountOnlyNode, -1, "query %s.%s reads %s only to count them", q.Table.Name, q.Name, reads).Hint =
			"the service has no count: keep the count in a summary entity (a counter such as EmployeeCount in the department's entity), updated in the same entity group transaction as the entities it counts, and read it with one point query"
	}
}

// maxCanonDepth bounds canonFilter's recursion (filters nest parentheses
// at most this deep before they are compared as printed).
const maxCanonDepth = 64

// canonFilter prints a filter so that filters that differ only in the
// order of the operands of and and or, and in parentheses that group
// nothing (a and (b and c)), print the same: groups of one conjunction
// are spliced into the conjunction around them, and the operands of each
// and and or are sorted.
func canonFilter(x *odata.Expr, depth int) string {
	if x == nil {
		return ""
	}
	if depth > maxCanonDepth {
		return x.String()
	}
	var terms []string
	for _, t := range x.Terms {
		var factors []string
		var add func(fs []*odata.Factor)
		add = func(fs []*odata.Factor) {
			for _, f := range fs {
				switch {
				case f.Group != nil && len(f.Group.Terms) == 1:
					add(f.Group.Terms[0].Factors)
				case f.Group != nil && len(t.Factors) == 1 && len(fs) == 1:
					// (a or b) alone in its term: its terms are this or's.
					terms = append(terms, canonFilter(f.Group, depth+1))
				case f.Group != nil:
					factors = append(factors, "("+canonFilter(f.Group, depth+1)+")")
				case f.Not != nil:
					factors = append(factors, "not "+f.Not.String())
				default:
					factors = append(factors, f.String())
				}
			}
		}
		add(t.Factors)
		if len(factors) > 0 {
			slices.Sort(factors)
			terms = append(terms, strings.Join(factors, " and "))
		}
	}
	slices.Sort(terms)
	return strings.Join(terms, " or ")
}
