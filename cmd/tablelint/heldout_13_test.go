package main

import "testing"

// heldout13Rules are the rules testdata/heldout-13 is labelled for:
// heldout-12's and TL115, the one rule its labels add (checked against
// the markers before the first measurement). Info findings count.
var heldout13Rules = func() map[string]bool {
	m := map[string]bool{"TL115": true}
	for r := range heldout12Rules {
		m[r] = true
	}
	return m
}()

// heldout13Header heads testdata/heldout-13/labels.txt.
const heldout13Header = "" +
	"# Held-out corpus for issue 23's judging rule (heldout-13), labelled on\n" +
	"# 2026-11-28 from the rule docs and the service's documented behaviour\n" +
	"# before tablelint was run on it (the analyzers' source and testdata were\n" +
	"# not read). Packages from public repositories (a library's connector\n" +
	"# among them) and from Go code that public GitHub issue threads show or\n" +
	"# point to (SOURCES-a.md onwards), aztables and the legacy storage API.\n" +
	"# Placement as docs/analyzers.md's \"Where a finding is reported\" says.\n"

// TestHeldout13Labels checks that heldout-13's labels.txt is what the
// markers say.
func TestHeldout13Labels(t *testing.T) {
	checkCorpusLabelsAs(t, "heldout-13", "TestHeldout13Labels", heldout13Header)
}

// TestHeldout13Recall measures check over testdata/heldout-13, a
// thirteenth held-out corpus labelled before tablelint ran on it. First
// measured on 7fa6d05 (before this session's fix branches merged; none
// of their authors saw it) with the labels as committed there: 38/49
// (77.6 %) and 38/43 (88.4 %); 43/49 (87.8 %) and 43/45 (95.6 %) after
// the fixes that followed (no label changed), 46/49 (93.9 %) and 46/48
// (95.8 %) with TL414 through deep helpers, 47/49 (95.9 %) and 47/48
// (97.9 %) once a run of writes is reported at its second. Floors a little below the
// latest figures, so that a drop fails; the misses are listed in
// docs/benchmarks.md.
func TestHeldout13Recall(t *testing.T) {
	right, expected, found := measureCorpusKnown(t, "heldout-13", heldout13Rules, true, 40, 100, nil)
	checkRates(t, right, expected, found, 0.95, 0.97)
}
