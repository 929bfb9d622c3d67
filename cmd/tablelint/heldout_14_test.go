package main

import "testing"

// heldout14Rules are the rules testdata/heldout-14 is labelled for:
// heldout-13's and TL312, the one rule its labels add (checked against
// the markers before the first measurement). Info findings count.
var heldout14Rules = func() map[string]bool {
	m := map[string]bool{"TL312": true}
	for r := range heldout13Rules {
		m[r] = true
	}
	return m
}()

// heldout14Header heads testdata/heldout-14/labels.txt.
const heldout14Header = "" +
	"# Held-out corpus for issue 23's judging rule (heldout-14), labelled on\n" +
	"# 2026-11-28 from the rule docs and the service's documented behaviour\n" +
	"# before tablelint was run on it (the analyzers' source and testdata were\n" +
	"# not read). Packages from public repositories (one with its own copy of\n" +
	"# the legacy storage package) and from a public GitHub issue thread\n" +
	"# (SOURCES-a.md onwards), aztables and the legacy storage API.\n" +
	"# Placement as docs/analyzers.md's \"Where a finding is reported\" says.\n"

// TestHeldout14Labels checks that heldout-14's labels.txt is what the
// markers say.
func TestHeldout14Labels(t *testing.T) {
	checkCorpusLabelsAs(t, "heldout-14", "TestHeldout14Labels", heldout14Header)
}

// heldout14Known are the findings still reported at heldout-14's silent
// spots, each counted against precision (docs/benchmarks.md says why).
var heldout14Known = map[string]bool{}

// TestHeldout14Recall measures check over testdata/heldout-14, a
// fourteenth held-out corpus labelled before tablelint ran on it. First
// measured on cc016d4 (main 14be4f1 and the corpus; none of the fixes
// since seen by its writers) with the labels as committed there: 19/24
// (79.2 %) and 19/21 (90.5 %); 22/24 (91.7 %) and 22/23 (95.7 %) after
// the fixes that followed (no label changed). Floors a little below the latest
// figures, so that a drop fails; the misses are listed in
// docs/benchmarks.md.
func TestHeldout14Recall(t *testing.T) {
	right, expected, found := measureCorpusKnown(t, "heldout-14", heldout14Rules, true, 20, 50, heldout14Known)
	checkRates(t, right, expected, found, 0.91, 0.95)
}
