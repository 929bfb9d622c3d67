package odata_test

import (
	"math/rand"
	"strings"
	"testing"

	"github.com/tablelint/tablelint/odata"
	"github.com/tablelint/tablelint/plan"
)

// Generated filters: comparisons of key and other properties with
// literals of every kind, joined by and, or, not and parentheses, some
// with a wrong-case keyword, an unsupported feature, a bad literal or a
// byte cut, inserted or not UTF-8. Many share a shape and differ in
// their literals, which is what the shape cache sees in use.

var cmpProps = []string{"PartitionKey", "RowKey", "Age", "A", "B", "AND", "Eq", "null", "startswith", "add", "X", "datetime", "Città", "Ñame_1", "not", "NOT", "Or", "in", "guid", "_x", "RowKey2", "PartitionKeyX"}
var cmpOps = []string{"eq", "ne", "gt", "ge", "lt", "le", "Eq", "EQ", "=", "and", "eq eq"}
var cmpLits = []string{"'a'", "'Sales'", "'it''s'", "''", "'x y'", "1", "-2", "3L", "1.5", "1e400", "99999999999", "99999999999999999999L", "true", "false",
	"datetime'2024-01-01T00:00:00Z'", "datetime'bad'", "guid'3f2504e0-4f89-11d3-9a0c-0305e82c3301'", "guid'x'", "X'0a'", "binary'zz'", "binary'deadbeef'",
	"{P}", "'{P}x'", "'a{{b'", "{P:%06d}", "'{1bad}'", "datetime'{now}'", "'São'", ".5", "-.25", "2.0d", "12abc", "'unterminated", "{", "null", "B"}

// genCmp returns a comparison, mostly a valid one.
func genCmp(r *rand.Rand) string {
	p := cmpProps[r.Intn(len(cmpProps))]
	if r.Intn(8) > 0 {
		p = cmpProps[r.Intn(4)]
	}
	o := cmpOps[r.Intn(len(cmpOps))]
	if r.Intn(10) > 0 {
		o = cmpOps[r.Intn(6)]
	}
	l := cmpLits[r.Intn(len(cmpLits))]
	if r.Intn(6) > 0 {
		l = []string{"'a'", "'Sales'", "'it''s'", "''", "'x y'", "1", "-2", "3L", "1.5", "true", "'b'", "'z'", "{P}", "'{P}x'"}[r.Intn(14)]
	}
	return p + " " + o + " " + l
}

// genExpr returns a filter of one to four factors.
func genExpr(r *rand.Rand, depth int) string {
	n := 1 + r.Intn(4)
	var parts []string
	for i := 0; i < n; i++ {
		var f string
		switch k := r.Intn(10); {
		case k < 6 || depth > 3:
			f = genCmp(r)
			if r.Intn(2) == 0 {
				f = []string{"PartitionKey", "RowKey"}[r.Intn(2)] + " " + cmpOps[r.Intn(6)] + " " + []string{"'a'", "'b'", "'c'", "{P}", "'x{Q}'", "1", "'a''b'"}[r.Intn(7)]
			}
		case k < 8:
			f = "(" + genExpr(r, depth+1) + ")"
		default:
			f = "not " + []string{"", "("}[r.Intn(2)]
			if strings.HasSuffix(f, "(") {
				f += genExpr(r, depth+1) + ")"
			} else {
				f += genCmp(r)
			}
		}
		parts = append(parts, f)
	}
	var b strings.Builder
	for i, p := range parts {
		if i > 0 {
			b.WriteString([]string{" and ", " or ", " and ", " AND ", "  and\t", " or ", " and ", " and ", " or "}[r.Intn(9)*(1-r.Intn(2))])
		}
		b.WriteString(p)
	}
	return b.String()
}

// mutate cuts, drops or inserts a byte or a character, or not.
func mutate(r *rand.Rand, s string) string {
	if s == "" {
		return s
	}
	switch r.Intn(10) {
	case 3, 4:
		i := r.Intn(len(s))
		return s[:i] + []string{"\xc3", "é", "\xff", "\xed\xa0\x80", "€"}[r.Intn(5)] + s[i:]
	case 0:
		i := r.Intn(len(s))
		return s[:i] + s[i+1:]
	case 1:
		i := r.Intn(len(s))
		return s[:i] + string("()',{}$\xff \t-+ab0"[r.Intn(15)]) + s[i:]
	case 2:
		i := r.Intn(len(s))
		return s[:i]
	}
	return s
}

// TestGeneratedCacheAgrees parses generated filters, as filters and as
// templates, without the shape cache and twice with it (the cache kept
// across filters, so that later filters of a shape are hits with other
// literals), and checks that trees, offsets, errors and plans agree.
func TestGeneratedCacheAgrees(t *testing.T) {
	n := 2000
	if testing.Short() {
		n = 500
	}
	r := rand.New(rand.NewSource(1))
	old := odata.SetCache(true)
	defer odata.SetCache(old)
	for range n {
		s := genExpr(r, 0)
		if r.Intn(6) == 0 {
			s = mutate(r, s)
		}
		for _, template := range []bool{false, true} {
			odata.SetCache(false)
			f, err := parseMode(s, template)
			want := fingerprint(f, err)
			if err == nil {
				want += " " + plan.Of(f).Kind.String() + " " + f.String()
			}
			odata.SetCache(true)
			for k := range 2 {
				f, err := parseMode(s, template)
				got := fingerprint(f, err)
				if err == nil {
					got += " " + plan.Of(f).Kind.String() + " " + f.String()
				}
				if got != want {
					t.Fatalf("%q (template %v), cached parse %d:\n got %s\nwant %s", s, template, k+1, got, want)
				}
			}
		}
	}
}
