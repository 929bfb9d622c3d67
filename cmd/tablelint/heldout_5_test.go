package main

import "testing"

// heldout5Header heads testdata/heldout-5/labels.txt.
const heldout5Header = "" +
	"# Held-out corpus for issue 23's judging rule (heldout-5), labelled on\n" +
	"# 2026-11-27 from the rule docs and the service's documented behaviour\n" +
	"# before tablelint was run on it (the analyzers' source and testdata were\n" +
	"# not read); not yet measured. Placement as in heldout-4, heldout-3,\n" +
	"# heldout-mixed and heldout-valueflow: a query finding on the line of the\n" +
	"# call that runs the query (the pager, or the caller's call of a helper\n" +
	"# given the filter), except that a filter set on every path by a literal\n" +
	"# `Filter:` puts it on that line (here the pager's line); TL321 on the line\n" +
	"# where the value enters the quoted literal, once per value; TL307 on the\n" +
	"# line that reads the one page; TL308 on the short- or empty-page test. A\n" +
	"# finding about a value (a key, a property, a struct field, a map entry) on\n" +
	"# the line of that value (a value given to a helper of the package that\n" +
	"# makes it a property or a key: at the helper's property or key); one about\n" +
	"# a request on the line of the call that makes the mistake (TL414 and\n" +
	"# TL411: the write; TL406: the write in the loop; TL401 and TL403: the\n" +
	"# SubmitTransaction). Info rules (TL303, TL313, TL406) are labelled too.\n" +
	"# Unlike heldout-4, a key taken from HTTP request input without a check\n" +
	"# (query string, form, header, path value, a field of a JSON request body)\n" +
	"# is labelled TL201, as docs/rules/TL201.md says the Go side reports it\n" +
	"# (\"a client can send any of these characters\"); a key checked, hashed or\n" +
	"# parsed as a UUID first is labelled silent, and so are characters that\n" +
	"# come only from other run-time values. A request value used only inside a\n" +
	"# query's filter is labelled TL321 (and the query's rules), not TL201.\n"

// TestHeldout5Labels checks that heldout-5's labels.txt is what the
// markers say.
func TestHeldout5Labels(t *testing.T) {
	checkCorpusLabelsAs(t, "heldout-5", "TestHeldout5Labels", heldout5Header)
}

// TestHeldout5Recall measures check over testdata/heldout-5, a fifth
// held-out corpus (nine public repositories, SOURCES.md) labelled before
// tablelint ran on it, with heldout-3's rules. First measured on
// e67875d with the labels as committed (59d3e0b): 55/62 (88.7 %) and
// 55/60 (91.7 %), with four findings at silent spots. Since a field's
// test by a function of the package that validates its parameter counts
// for every load of the field: 55/62, 55/58. Since an entity read by a
// helper (also a generic one) is followed through maps built from it,
// and a Properties map's assigned entries are checked where the entity
// is built: 58/62, 58/61. Since items grouped by a field keep that
// field fixed within their group: 62/62, 62/65. Floors a little below
// the figures, so that a drop fails; the misses are listed in docs/benchmarks.md.
func TestHeldout5Recall(t *testing.T) {
	right, expected, found := measureCorpusKnown(t, "heldout-5", heldout3Rules, true, 60, 20, heldout5Known)
	checkRates(t, right, expected, found, 0.98, 0.95)
}

// heldout5Known are the findings at silent spots of heldout-5's first
// measurement not yet resolved: two marshalled slices and maps labelled
// silent, which TL122 reports as documented
// (a marshalled slice or map whose length nothing bounds).
var heldout5Known = map[string]bool{
	"libmodel/model.go:64 TL122":     true,
	"nosqlshim/backend.go:101 TL122": true,
}
