package odata_test

import (
	"errors"
	"testing"

	"github.com/tablelint/tablelint/odata"
	"github.com/tablelint/tablelint/plan"
)

func addCorpusSeeds(f *testing.F) {
	cases, _ := readCorpus(f)
	for _, c := range cases {
		f.Add(c.input)
	}
}

// checkParse checks the invariants of one parse: errors are *odata.Error
// with an offset inside the input; a filter that parses prints in a
// canonical form that parses back to the same tree and prints the same;
// planning never panics; and the shape cache agrees with the participle
// path.
func checkParse(t *testing.T, s string, template bool) {
	old := odata.SetCache(false)
	f, err := parseMode(s, template)
	want := fingerprint(f, err)
	odata.SetCache(true)
	got1 := fingerprint(parseMode(s, template))
	got2 := fingerprint(parseMode(s, template))
	odata.SetCache(old)
	if got1 != want || got2 != want {
		t.Fatalf("cache disagrees for %q:\nuncached %s\ncached   %s\nagain    %s", s, want, got1, got2)
	}
	if err != nil {
		var e *odata.Error
		if !errors.As(err, &e) {
			t.Fatalf("%q: error %T is not *odata.Error: %v", s, err, err)
		}
		if e.Offset < 0 || e.Offset > len(s) || e.Msg == "" {
			t.Fatalf("%q: bad error %+v", s, e)
		}
		_ = e.Caret()
		return
	}
	_ = plan.Of(f)
	printed := f.String()
	g, err := parseMode(printed, template)
	if err != nil {
		t.Fatalf("%q printed as %q, which does not parse: %v", s, printed, err)
	}
	if a, b := odata.Dump(f), odata.Dump(g); a != b {
		t.Fatalf("%q: round trip changed the tree\n in: %s\nout: %s", s, a, b)
	}
	if again := g.String(); again != printed {
		t.Fatalf("%q: printing not stable: %q then %q", s, printed, again)
	}
}

func FuzzParse(f *testing.F) {
	addCorpusSeeds(f)
	f.Fuzz(func(t *testing.T, s string) { checkParse(t, s, false) })
}

func FuzzParseTemplate(f *testing.F) {
	addCorpusSeeds(f)
	f.Fuzz(func(t *testing.T, s string) { checkParse(t, s, true) })
}

func FuzzParseQuery(f *testing.F) {
	f.Add("$filter=PartitionKey eq 'a'&$select=A,B&$top=5")
	f.Add("?$filter=A%20eq%201")
	f.Add("$orderby=A")
	f.Add("$filter=%ZZ&$top=1")
	f.Add("?$filter=A+eq+%27%C3%AB%27")
	f.Fuzz(func(t *testing.T, s string) {
		q, err := odata.ParseQuery(s)
		if err != nil {
			var e *odata.Error
			if !errors.As(err, &e) {
				t.Fatalf("%q: error %T", s, err)
			}
			return
		}
		if q.FilterOffset < 0 || q.FilterOffset > len(s) || q.Top < 0 {
			t.Fatalf("%q: %+v", s, q)
		}
		// Every offset of the decoded filter maps into the input, in order.
		prev := -1
		for i := 0; i <= len(q.Filter); i++ {
			o := q.InputOffset(i)
			if o < q.FilterOffset || o > len(s) || o <= prev {
				t.Fatalf("%q: InputOffset(%d) = %d (previous %d, filter at %d)", s, i, o, prev, q.FilterOffset)
			}
			prev = o
		}
	})
}
