package flow

import "testing"

func TestTableOfURL(t *testing.T) {
	hole := Part{Hole: &Hole{}}
	text := func(s string) Part { return Part{Text: s} }
	for _, tc := range []struct {
		parts []Part
		want  string // "" when unknown
	}{
		{[]Part{text("https://acct.table.core.windows.net/Orders")}, "Orders"},
		{[]Part{text("https://"), hole, text(".table.core.windows.net/Orders?sv=1")}, "Orders"},
		{[]Part{text("https://acct.table.core.windows.net/"), text("Orders#x")}, "Orders"},
		{[]Part{text("https://acct.table.core.windows.net/"), hole}, ""},    // the table is run-time
		{[]Part{text("https://acct.table.core.windows.net/Ord"), hole}, ""}, // partly run-time
		{[]Part{text("https://acct.table.core.windows.net")}, ""},           // no path
		{[]Part{text("https://acct.table.core.windows.net/")}, ""},          // empty segment
		{[]Part{text("acct.table.core.windows.net/Orders")}, ""},            // no scheme
		{[]Part{hole}, ""},
	} {
		got, ok := TableOfURL(Variant{Parts: tc.parts})
		if got != tc.want || ok != (tc.want != "") {
			t.Errorf("TableOfURL(%v) = %q, %v; want %q", Value{Variants: []Variant{{Parts: tc.parts}}}, got, ok, tc.want)
		}
	}
}
