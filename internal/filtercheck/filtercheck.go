// Package filtercheck finds problems in a single parsed $filter and its
// plan: table scans (TL301), partition scans (TL303), or over RowKey
// (TL304), unsupported features (TL306), too many comparisons (TL322), key
// literals with characters keys cannot hold (TL201), key comparisons
// with non-string literals (TL323), DateTime literals not in UTC (TL131)
// and a $top over the page size (TL309,
// CheckTop). `tablelint explain`, design review and
// the Go analyzers all use it, so they always agree.
package filtercheck

import (
	"fmt"
	"strings"

	"github.com/tablelint/tablelint/edm"
	"github.com/tablelint/tablelint/internal/finding"
	"github.com/tablelint/tablelint/internal/limits"
	"github.com/tablelint/tablelint/odata"
	"github.com/tablelint/tablelint/plan"
)

// MaxComparisons is the most discrete comparisons the service accepts in
// one filter.
const MaxComparisons = limits.MaxFilterComparisons

// Diag is a finding within a filter's text.
type Diag struct {
	Rule    string // rule ID
	Offset  int    // byte offset in the filter text
	Len     int    // byte length of the span (0: a point)
	Message string
}

// Options tune the checks.
type Options struct {
	// Query is a name for the query used in messages ("query byName");
	// empty for none.
	Query string
}

// Check returns the diagnostics for a filter and its plan, in filter order.
func Check(f *odata.Filter, p plan.Plan, opt Options) []Diag {
	var out []Diag
	cmps := f.Comparisons()
	if n := len(cmps); n > MaxComparisons {
		out = append(out, Diag{Rule: "TL322", Offset: cmps[MaxComparisons].Offset,
			Message: fmt.Sprintf("filter has %d comparisons, over the limit of %d", n, MaxComparisons)})
	}
	for _, c := range cmps {
		if !c.Value.IsParam() && c.Value.Value.Type == edm.DateTime {
			if off := NonUTCOffset(c.Value.Raw); off != "" {
				out = append(out, Diag{Rule: "TL131", Offset: c.Value.Offset, Len: len(c.Value.Raw),
					Message: fmt.Sprintf("%s is compared with a time at offset %s, not UTC", c.Property, off)})
			}
		}
		if c.Property != plan.PartitionKey && c.Property != plan.RowKey {
			continue
		}
		t := c.Value.Value.Type
		if t != edm.String && !(t == edm.Invalid && c.Value.IsParam()) {
			out = append(out, Diag{Rule: "TL323", Offset: c.Value.Offset, Len: len(c.Value.Raw),
				Message: fmt.Sprintf("%s is a String compared with %s literal: never matches", c.Property, article(t))})
			continue
		}
		if c.Op == odata.OpEq && !c.Value.IsParam() {
			if r, ok := InvalidKeyChar(c.Value.Value.Str); ok {
				out = append(out, Diag{Rule: "TL201", Offset: c.Value.Offset, Len: len(c.Value.Raw),
					Message: fmt.Sprintf("%s literal contains %s, which keys cannot contain", c.Property, describeRune(r))})
			}
		}
	}
	out = append(out, planDiags(f, p, opt)...)
	return out
}

// CheckTop returns TL309 when a query's $top asks for more entities than
// one response holds; the service, and the reference engine, answer such
// a request with 400. Its Offset and Len are 0: the caller places it on
// the $top option.
func CheckTop(top int64) (Diag, bool) {
	if top <= limits.MaxPageEntities {
		return Diag{}, false
	}
	return Diag{Rule: "TL309", Message: fmt.Sprintf("$top %d is over the page limit of %d: the request fails", top, limits.MaxPageEntities)}, true
}

func planDiags(f *odata.Filter, p plan.Plan, opt Options) []Diag {
	subject := "query"
	if opt.Query != "" {
		subject = "query " + opt.Query
	}
	switch p.Kind {
	case plan.TableScan:
		msg := subject + " scans the whole table: no top-level PartitionKey eq"
		switch {
		case f.Expr == nil:
			msg = subject + " has an empty filter: it reads the whole table"
		case p.PKLow.Set() || p.PKHigh.Set():
			msg = subject + " scans every partition in a PartitionKey range"
		case orAcrossPartitions(f):
			msg = subject + " scans the whole table: an or across partitions"
		case mentions(f, plan.RowKey):
			msg = subject + " scans the whole table: RowKey alone is not indexed"
		}
		return []Diag{{Rule: "TL301", Offset: 0, Len: len(f.Text), Message: msg}}
	case plan.PartitionScan:
		var out []Diag
		for _, r := range p.Residual {
			if r.Group != nil && len(r.Group.Terms) > 1 && groupMentions(r.Group, plan.RowKey) {
				off := 0
				if cs := (&odata.Filter{Expr: r.Group}).Comparisons(); len(cs) > 0 {
					off = cs[0].Offset
				}
				out = append(out, Diag{Rule: "TL304", Offset: off,
					Message: subject + ": an or over RowKey values is a partition scan"})
			}
		}
		if len(out) == 0 && len(p.Residual) > 0 {
			out = append(out, Diag{Rule: "TL303", Offset: 0, Len: len(f.Text),
				Message: fmt.Sprintf("%s scans the whole partition %s", subject, finding.Clip(p.PartitionKey.String()))})
		}
		return out
	}
	return nil
}

// orAcrossPartitions reports whether the top level is an or with a branch
// that mentions PartitionKey.
func orAcrossPartitions(f *odata.Filter) bool {
	for _, c := range f.Conjuncts() {
		if c.Group != nil && len(c.Group.Terms) > 1 && groupMentions(c.Group, plan.PartitionKey) {
			return true
		}
	}
	return false
}

func mentions(f *odata.Filter, prop string) bool {
	for _, c := range f.Comparisons() {
		if c.Property == prop {
			return true
		}
	}
	return false
}

func groupMentions(g *odata.Expr, prop string) bool {
	return mentions(&odata.Filter{Expr: g}, prop)
}

// InvalidKeyChar returns the first character of s that PartitionKey and
// RowKey values cannot contain: / \ # ? and the control characters
// U+0000–U+001F and U+007F–U+009F.
func InvalidKeyChar(s string) (rune, bool) {
	for _, r := range s {
		if IsInvalidKeyRune(r) {
			return r, true
		}
	}
	return 0, false
}

// IsInvalidKeyRune reports whether r may not appear in a key (see
// limits.InvalidKeyRune).
func IsInvalidKeyRune(r rune) bool { return limits.InvalidKeyRune(r) }

// DescribeKeyRune names a character keys cannot hold, for messages:
// "/" quoted, control characters as U+XXXX.
func DescribeKeyRune(r rune) string { return describeRune(r) }

func describeRune(r rune) string {
	if r < 0x20 || (r >= 0x7f && r <= 0x9f) {
		return fmt.Sprintf("the control character U+%04X", r)
	}
	return fmt.Sprintf("%q", string(r))
}

func article(t edm.Type) string {
	s := t.String()
	if strings.ContainsRune("AEIOU", rune(s[0])) {
		return "an " + s
	}
	return "a " + s
}

// NonUTCOffset returns the offset of a datetime'…' literal when it is not
// Z or +00:00, and "" otherwise (also when it has no offset). The service
// stores DateTime values in UTC, so a filter written with another offset
// is converted silently and rarely means what it says.
func NonUTCOffset(raw string) string {
	s := strings.TrimSuffix(raw, "'")
	t := strings.Index(s, "T")
	i := strings.LastIndexAny(s, "+-")
	if t < 0 || i < t {
		return ""
	}
	off := s[i:]
	if off == "+00:00" || off == "-00:00" || off == "+0000" {
		return ""
	}
	return off
}

// Comparable reports whether the service can compare values of types a
// and b: numbers with numbers, every other type only with itself.
// Literal-type checks (TL323) report only pairs that are not, to stay
// clear of numeric promotion.
func Comparable(a, b edm.Type) bool { return typeClass(a) == typeClass(b) }

func typeClass(t edm.Type) edm.Type {
	switch t {
	case edm.Int32, edm.Int64, edm.Double:
		return edm.Int32
	}
	return t
}

// Article returns the type's name with "a" or "an": "an Int32".
func Article(t edm.Type) string { return article(t) }
