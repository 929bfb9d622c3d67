package filterflow

import (
	"regexp"
	"strings"

	"github.com/tablelint/tablelint/analyzers/internal/values"
	"github.com/tablelint/tablelint/odata"
	"github.com/tablelint/tablelint/plan"
)

// maxNameHoles bounds the run-time property names NameKinds tries: each
// is tried as PartitionKey, RowKey and another property (3^n parses).
const maxNameHoles = 4

// otherProperty stands for a run-time property name that is neither key.
const otherProperty = "AnyOtherProperty"

// comparisonAfter matches the comparison operator that follows a
// property name.
var comparisonAfter = regexp.MustCompile(`^\s+(?:eq|ne|gt|ge|lt|le)\s`)

// NameKinds returns the plan kinds a reconstructed filter can have when
// some of its run-time parts stand for property names, not literal
// values (prop + " eq '" + value + "'", fmt.Sprintf("%s gt '%s'", col,
// last)): each such name tried as PartitionKey, as RowKey and as another
// property. ok is false when the filter parses as it is (Parse answers),
// when it has no hole in a property's place, more than maxNameHoles of
// them, or some assignment still does not parse. A filter none of whose
// kinds is plan.Point is no point query whatever the names are; one all
// of whose kinds are plan.TableScan scans the table whatever they are.
func NameKinds(v values.Value) (kinds []plan.Kind, ok bool) {
	if _, _, _, parsed := Parse(v); parsed {
		return nil, false
	}
	text, _ := Template(v)
	spans := nameHoles(text)
	if len(spans) == 0 || len(spans) > maxNameHoles {
		return nil, false
	}
	names := [...]string{"PartitionKey", "RowKey", otherProperty}
	seen := map[plan.Kind]bool{}
	n := 1
	for range spans {
		n *= len(names)
	}
	for combo := 0; combo < n; combo++ {
		var b strings.Builder
		last, c := 0, combo
		for _, s := range spans {
			b.WriteString(text[last:s[0]])
			b.WriteString(names[c%len(names)])
			c /= len(names)
			last = s[1]
		}
		b.WriteString(text[last:])
		f, p, err, parsed := parseText(b.String())
		if !parsed || err != nil || f == nil {
			return nil, false
		}
		if !seen[p.Kind] {
			seen[p.Kind] = true
			kinds = append(kinds, p.Kind)
		}
	}
	return kinds, true
}

// parseText is parse for template text.
func parseText(text string) (f *odata.Filter, p plan.Plan, err error, ok bool) {
	defer func() {
		if r := recover(); r != nil {
			f, p, err, ok = nil, plan.Plan{}, nil, false
		}
	}()
	f, err = parseTemplate(text)
	if err != nil {
		return nil, plan.Plan{}, err, false
	}
	return f, plan.Of(f), nil, true
}

// nameHoles returns the spans of the placeholders of a template text
// ({pN} or {pN:verb}, outside quoted literals) that a comparison operator
// follows: run-time property names.
func nameHoles(text string) [][2]int {
	var out [][2]int
	holes, _ := TemplateHoles(text)
	for _, h := range holes {
		if !h.Quoted && strings.HasPrefix(text[h.Start:], "{p") && comparisonAfter.MatchString(text[h.End:]) {
			out = append(out, [2]int{h.Start, h.End})
		}
	}
	return out
}
