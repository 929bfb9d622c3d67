package main

import "testing"

// heldout4Header heads testdata/heldout-4/labels.txt.
const heldout4Header = "" +
	"# Held-out corpus for issue 23's judging rule (heldout-4), labelled on\n" +
	"# 2026-11-27 from the rule docs and the service's documented behaviour\n" +
	"# before tablelint was run on it (the analyzers' source and testdata were\n" +
	"# not read); not yet measured. Placement as in heldout-valueflow,\n" +
	"# heldout-mixed and heldout-3: a query finding on the line of the call that\n" +
	"# runs the query (the pager, the legacy QueryEntities, or the caller's call\n" +
	"# of a helper given the filter), except that a filter set on every path by\n" +
	"# a literal `Filter:` puts it on that line (here the pager's or the\n" +
	"# QueryEntities call's line); TL321 on the line where the value enters the\n" +
	"# quoted literal, once per value; TL307 on the line that reads the one page\n" +
	"# (legacy API: the QueryEntities call); TL308 on the short- or empty-page\n" +
	"# test. A finding about a value (a key, a property, a struct field, a map\n" +
	"# entry) on the line of that value (a value given to a helper of the\n" +
	"# package that makes it a property or a key: at the helper's property or\n" +
	"# key); one about a request on the line of the call that makes the mistake\n" +
	"# (TL414 and TL411: the write; TL406: the write in the loop; TL401 and\n" +
	"# TL403: the SubmitTransaction or legacy ExecuteBatch). Info rules (TL303,\n" +
	"# TL313, TL406) are labelled too. Unlike heldout-3, a key taken from a\n" +
	"# request without sanitising is not labelled TL201: the Go side of the rule\n" +
	"# reports characters in a key's constant text (docs/analyzers-writes.md,\n" +
	"# keychars: \"Silent for characters that only come from run-time values\"),\n" +
	"# so TL201 is labelled only where constant text holds # or /.\n"

// TestHeldout4Labels checks that heldout-4's labels.txt is what the
// markers say.
func TestHeldout4Labels(t *testing.T) {
	checkCorpusLabelsAs(t, "heldout-4", "TestHeldout4Labels", heldout4Header)
}

// TestHeldout4Recall measures check over testdata/heldout-4, a fourth
// held-out corpus (ten public repositories, SOURCES.md) labelled before
// tablelint ran on it, with heldout-3's rules. First measured on
// 0979a77 with the labels as committed (bf52c6b): 58/65 (89.2 %) and
// 58/60 (96.7 %), no false positive at a silent spot. Since a
// parameter struct's field is followed to what callers put in it and a
// key a helper makes is one finding: 60/65 (92.3 %), 60/61 (98.4 %).
// Floors a little below the figures, so that a drop fails; the misses
// are listed in docs/benchmarks.md.
func TestHeldout4Recall(t *testing.T) {
	right, expected, found := measureCorpusKnown(t, "heldout-4", heldout3Rules, true, 60, 20, heldout4Known)
	checkRates(t, right, expected, found, 0.92, 0.98)
}

// heldout4Known are the false positives at silent spots of heldout-4's
// first measurement not yet fixed.
var heldout4Known = map[string]bool{}
