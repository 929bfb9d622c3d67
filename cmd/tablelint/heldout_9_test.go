package main

import "testing"

// heldout9Rules are the rules testdata/heldout-9 is labelled for:
// heldout-8's rules and the two more its labels use (TL124 a zero time
// written, TL409 an insert that fails when a message is delivered again).
// Chosen from the labels before the first measurement. Info findings
// count.
var heldout9Rules = func() map[string]bool {
	m := map[string]bool{"TL124": true, "TL409": true}
	for r := range heldout8Rules {
		m[r] = true
	}
	return m
}()

// heldout9Header heads testdata/heldout-9/labels.txt.
const heldout9Header = "" +
	"# Held-out corpus for issue 23's judging rule (heldout-9), labelled on\n" +
	"# 2026-11-27 from the rule docs and the service's documented behaviour\n" +
	"# before tablelint was run on it (the analyzers' source and testdata were\n" +
	"# not read). Twelve packages from public sources (SOURCES-a.md to\n" +
	"# SOURCES-d.md), aztables and the legacy storage Table API. Placement as\n" +
	"# in heldout-5 (see its labels.txt).\n"

// TestHeldout9Labels checks that heldout-9's labels.txt is what the
// markers say.
func TestHeldout9Labels(t *testing.T) {
	checkCorpusLabelsAs(t, "heldout-9", "TestHeldout9Labels", heldout9Header)
}

// TestHeldout9Recall measures check over testdata/heldout-9, a ninth
// held-out corpus labelled before tablelint ran on it. First measured on
// e9b1c5b (the session's value-flow branches merged, none of whose
// authors saw it) with the labels as committed in 150c54b: 39/46
// (84.8 %) and 39/40 (97.5 %); 44/46 and 44/45 after the session's
// fixes that followed. Floors a little below the latest
// figures, so that a drop fails; the misses are listed in
// docs/benchmarks.md.
func TestHeldout9Recall(t *testing.T) {
	right, expected, found := measureCorpusKnown(t, "heldout-9", heldout9Rules, true, 40, 40, nil)
	checkRates(t, right, expected, found, 0.95, 0.97)
}
