package main

import "testing"

// heldout3Rules are the rules testdata/heldout-3 is labelled for: the
// query and write families of the other held-out corpora, and the
// neighbours its labels use (TL308 short pages, TL313 scans only deleted,
// TL406 single writes in one partition, TL114, TL125, TL128 property
// names and values). Info findings count.
var heldout3Rules = map[string]bool{
	"TL301": true, "TL303": true, "TL304": true, "TL307": true, "TL308": true,
	"TL313": true, "TL321": true,
	"TL414": true, "TL411": true, "TL406": true,
	"TL114": true, "TL121": true, "TL122": true, "TL123": true, "TL125": true,
	"TL126": true, "TL128": true,
	"TL201": true, "TL209": true, "TL205": true,
	"TL401": true, "TL403": true,
}

// heldout3Header heads testdata/heldout-3/labels.txt.
const heldout3Header = "# Held-out corpus for issue 23's judging rule (heldout-3), labelled on\n" +
	"# 2026-11-27 from the rule docs and the service's documented behaviour\n" +
	"# before tablelint was run on it (the analyzers' source and testdata were\n" +
	"# not read); not yet measured. Placement as in heldout-valueflow and\n" +
	"# heldout-mixed: a query finding on the line of the call that runs the\n" +
	"# query (the pager, the legacy QueryEntities, or the caller's call of a\n" +
	"# helper given the filter), except that a filter set on every path by a\n" +
	"# literal `Filter:` puts it on that line (here the pager's line, except in\n" +
	"# a helper given the filter: tablekit's Where, labelled at its caller);\n" +
	"# TL321 on the line where the value enters the quoted literal, once per\n" +
	"# value; TL307 on the line that reads the one page (legacy API: the\n" +
	"# QueryEntities call); TL308 on the short- or empty-page test. A finding\n" +
	"# about a value (a key, a property, a struct field, a map entry) on the\n" +
	"# line of that value (a value given to a helper of the package that makes\n" +
	"# it a property or a key: at the helper's property or key); one about a\n" +
	"# request on the line of the call that makes the mistake (TL414 and TL411:\n" +
	"# the write; TL406: the write in the loop; TL401 and TL403: the submit).\n" +
	"# Info rules (TL303, TL313, TL406) are labelled too. A key taken from a\n" +
	"# request, a query string, a form, a header, a cookie or a path without\n" +
	"# sanitising is TL201: it can hold / \\ # ?.\n"

// TestHeldout3Labels checks that heldout-3's labels.txt is what the
// markers say.
func TestHeldout3Labels(t *testing.T) {
	checkCorpusLabelsAs(t, "heldout-3", "TestHeldout3Labels", heldout3Header)
}

// TestHeldout3Recall measures check over testdata/heldout-3, a third
// held-out corpus (ten public repositories, SOURCES.md) labelled before
// tablelint ran on it. First measured on 19441bc with the labels as
// committed (3a4a565): 54/67 (80.6 %) and 54/58 (93.1 %), with two
// false positives at silent spots; one (a parameter every caller gives a
// constant) is fixed, the other is listed in heldout3Known until it is.
// After the ETag family's mechanisms and the property, key and
// batch-size ones: 67/67 and 67/70.
// Floors a little below the figures, so that a drop fails; the misses
// are listed in docs/benchmarks.md.
func TestHeldout3Recall(t *testing.T) {
	right, expected, found := measureCorpusKnown(t, "heldout-3", heldout3Rules, true, 60, 20, heldout3Known)
	checkRates(t, right, expected, found, 0.92, 0.94)
}

// heldout3Known are the false positives at silent spots of heldout-3's
// first measurement not yet fixed: a value escaped by a hand-written
// loop that doubles each quote is taken for unescaped text.
var heldout3Known = map[string]bool{
	"countclient/client.go:126 TL321": true,
}
