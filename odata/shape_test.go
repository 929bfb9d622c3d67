package odata_test

import (
	"strings"
	"testing"

	"github.com/tablelint/tablelint/odata"
)

func TestShape(t *testing.T) {
	for in, want := range map[string]string{
		"PartitionKey eq 'Sales' and RowKey eq 'it''s'": "PartitionKey eq ? and RowKey eq ?",
		"Age  gt 30 and Big lt -9L or X eq 1.5e-3":      "Age gt ? and Big lt ?L or X eq ?",
		"Hired ge datetime'2020-01-01T00:00:00Z' ":      "Hired ge datetime?",
		"not (Flag eq true) and Id eq guid'abc'":        "not (Flag eq ?) and Id eq guid?",
		"P1 eq X'0A' and D eq 2.0d":                     "P1 eq x? and D eq ?D",
		"Ratio lt .5 and Ratio gt -.25":                 "Ratio lt ? and Ratio gt ?",
		"Città eq 'Roma'":                               "Città eq ?",
		"'unterminated":                                 "?",
		"A eq 1 && $top=5":                              "A eq ? && $top=?",
		"":                                              "",
	} {
		if got := odata.Shape(in); got != want {
			t.Errorf("Shape(%q) = %q, want %q", in, got, want)
		}
	}
}

// checkShape holds Shape to the parser's lexer: for a filter that lexes,
// Shape without its spaces is the lexer's tokens with the literals masked
// alike.
func checkShape(t *testing.T, s string) {
	shape := odata.Shape(s) // never panics, whatever s is
	want, err := odata.TokenShape(s)
	if err != nil {
		return
	}
	if got := strings.ReplaceAll(shape, " ", ""); got != want {
		t.Fatalf("Shape(%q) = %q; the lexer's tokens give %q", s, shape, want)
	}
}

// FuzzShape checks Shape against the lexer for both inputs and, when both
// parse and have one shape, that they are one query: the shape cache gives
// them one key, so the parser builds one tree structure for both.
func FuzzShape(f *testing.F) {
	cases, _ := readCorpus(f)
	for i, c := range cases {
		f.Add(c.input, cases[(i+1)%len(cases)].input)
	}
	f.Add("PartitionKey eq 'a' and N gt 5", "PartitionKey eq 'b''c' and N gt -7")
	f.Add("X eq 2.5d", "X eq 3L")
	var sc odata.Scratch
	f.Fuzz(func(t *testing.T, a, b string) {
		checkShape(t, a)
		checkShape(t, b)
		checkScratch(t, &sc, a, b)
		if odata.Shape(a) != odata.Shape(b) {
			return
		}
		if _, err := odata.Parse(a); err != nil {
			return
		}
		if _, err := odata.Parse(b); err != nil {
			return
		}
		if odata.ShapeKey(a) != odata.ShapeKey(b) {
			t.Fatalf("%q and %q have one Shape %q but parse to different structures", a, b, odata.Shape(a))
		}
	})
}

func TestAppendShape(t *testing.T) {
	for _, s := range []string{"A eq 1 and B eq 'x'", "  Hired ge datetime'2020-01-01T00:00:00Z'", ""} {
		if got, want := string(odata.AppendShape([]byte("k:"), s)), "k:"+odata.Shape(s); got != want {
			t.Errorf("AppendShape(%q) = %q, want %q", s, got, want)
		}
	}
}

// checkScratch holds Scratch.Parse to Parse: a scratch that parsed a
// first (its memory now a's tree) parses b to b's tree, whether b has
// a's shape or not, and fails where Parse fails.
func checkScratch(t *testing.T, sc *odata.Scratch, a, b string) {
	t.Helper()
	sc.Parse(a)
	got, gerr := sc.Parse(b)
	want, werr := odata.Parse(b)
	if (gerr == nil) != (werr == nil) || (gerr != nil && gerr.Error() != werr.Error()) {
		t.Fatalf("Scratch.Parse(%q) after %q: error %v, Parse's %v", b, a, gerr, werr)
	}
	if gerr == nil && (odata.Dump(got) != odata.Dump(want) || got.Text != want.Text) {
		t.Fatalf("Scratch.Parse(%q) after %q = %s, Parse's %s", b, a, odata.Dump(got), odata.Dump(want))
	}
}

func TestScratchParse(t *testing.T) {
	var sc odata.Scratch
	pairs := [][2]string{
		{"PartitionKey eq 'a' and RowKey eq 'b'", "PartitionKey eq 'c' and RowKey eq 'd'"},
		{"PartitionKey eq 'a' and (N gt 5 or not (M lt 2))", "PartitionKey eq 'zz' and (N gt -7 or not (M lt 9))"},
		{"A eq 1", "B eq 'x''y' and C ne 2.5"},
		{"A eq 1 and B eq 2", "A eq 1 and B eq"},
		{"A eq 'x' and B eq 'y'", "A eq guid'zz' and B eq 'y'"},
	}
	for _, p := range pairs {
		checkScratch(t, &sc, p[0], p[1])
		checkScratch(t, &sc, p[1], p[0])
	}
	// Filters of shapes parsed before reuse their memory, when the
	// shapes alternate too.
	a, b := "PartitionKey eq 'p1' and RowKey ge '001' and RowKey lt '002' and Amount ge 5",
		"PartitionKey eq 'p2' and RowKey eq '003'"
	sc.Parse(a)
	sc.Parse(b)
	if n := testing.AllocsPerRun(100, func() {
		for _, f := range []string{a, b} {
			if _, err := sc.Parse(f); err != nil {
				t.Fatal(err)
			}
		}
	}); n != 0 {
		t.Errorf("Scratch.Parse of filters of shapes it parsed before: %v allocations, want 0", n)
	}
}
