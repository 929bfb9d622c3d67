package review

import (
	"github.com/tablelint/tablelint/internal/finding"
	"regexp"

	"github.com/tablelint/tablelint/edm"
	"github.com/tablelint/tablelint/model"
	"github.com/tablelint/tablelint/odata"
	"github.com/tablelint/tablelint/plan"
)

// propertyTypes reports a property name declared with different EDM types
// by entity types of one table (TL130): a filter on it compares only the
// entities whose type matches the literal, and silently skips the others.
func (r *reviewer) propertyTypes(t *model.Table) {
	first := map[string]*model.Property{}
	reported := map[string]bool{}
	for _, e := range t.Entities {
		for _, p := range e.Properties {
			f, ok := first[p.Name]
			if !ok {
				first[p.Name] = p
				continue
			}
			if f.Type == p.Type || reported[p.Name] {
				continue
			}
			reported[p.Name] = true
			r.add("TL130", p.Value, -1, "property %s is %s in entity type %s but %s in %s",
				p.Name, p.Type, p.Entity.Name, f.Type, f.Entity.Name).Hint = "use one type: a filter compares only entities whose value has the literal's type and silently skips the others"
		}
	}
	for _, q := range t.Queries {
		if q.Unsupported != nil {
			continue
		}
		r.numbersAsText(q)
	}
}

var numberRE = regexp.MustCompile(`^-?[1-9][0-9]*(\.[0-9]+)?$`)

// numbersAsText reports a range comparison of a String property with a
// number written as a string (TL127): the values compare as text, so
// '100' sorts before '30'. A zero-padded literal ('0030') suggests
// fixed-width values and stays silent.
func (r *reviewer) numbersAsText(q *model.Query) {
	for _, c := range q.Filter.Comparisons() {
		switch c.Op {
		case odata.OpGt, odata.OpGe, odata.OpLt, odata.OpLe:
		default:
			continue
		}
		if c.Property == plan.PartitionKey || c.Property == plan.RowKey || c.Value.IsParam() || c.Value.Value.Type != edm.String || !numberRE.MatchString(c.Value.Value.Str) {
			continue
		}
		allString := false
		for _, e := range q.Table.Entities {
			if p := e.Property(c.Property); p != nil {
				if p.Type != edm.String {
					allString = false
					break
				}
				allString = true
			}
		}
		if !allString {
			continue
		}
		r.addSpan("TL127", q.FilterNode, c.Value.Offset, len(c.Value.Raw), "query %s.%s compares the String property %s with the number %s",
			q.Table.Name, q.Name, c.Property, finding.Clip(c.Value.Raw)).Hint = "strings compare character by character ('100' < '30'): store the number as Int32, Int64 or Double, or zero-pad it to a fixed width"
	}
}
