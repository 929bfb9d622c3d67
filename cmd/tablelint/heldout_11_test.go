package main

import "testing"

// heldout11Rules are the rules testdata/heldout-11 is labelled for:
// heldout-10's rules, which hold every rule its labels use (checked
// against the markers before the first measurement). Info findings count.
var heldout11Rules = heldout10Rules

// heldout11Header heads testdata/heldout-11/labels.txt.
const heldout11Header = "" +
	"# Held-out corpus for issue 23's judging rule (heldout-11), labelled on\n" +
	"# 2026-11-28 from the rule docs and the service's documented behaviour\n" +
	"# before tablelint was run on it (the analyzers' source and testdata were\n" +
	"# not read). Ten packages from Go code quoted in public GitHub issue and\n" +
	"# pull-request threads, public tutorials and documentation pages, and\n" +
	"# public repositories (SOURCES-a.md to SOURCES-c.md), aztables and the\n" +
	"# legacy storage Table API. Placement as in heldout-5 (see its labels.txt).\n"

// TestHeldout11Labels checks that heldout-11's labels.txt is what the
// markers say.
func TestHeldout11Labels(t *testing.T) {
	checkCorpusLabelsAs(t, "heldout-11", "TestHeldout11Labels", heldout11Header)
}

// TestHeldout11Recall measures check over testdata/heldout-11, an eleventh
// held-out corpus labelled before tablelint ran on it. First measured on
// 1c94cee (every fix branch of the session merged, none of whose authors
// saw it) with the labels as committed in 3319310: 33/48 (68.8 %) and
// 33/39 (84.6 %), no finding at a silent spot; 42/48 (87.5 %) and 42/48
// (87.5 %) after the fixes that followed (no label changed). Floors a
// little below the latest figures, so that a drop fails; the misses are
// listed in docs/benchmarks.md.
func TestHeldout11Recall(t *testing.T) {
	right, expected, found := measureCorpusKnown(t, "heldout-11", heldout11Rules, true, 40, 60, nil)
	checkRates(t, right, expected, found, 0.87, 0.87)
}
