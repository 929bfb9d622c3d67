package main

import "testing"

// heldout8Rules are the rules testdata/heldout-8 is labelled for:
// heldout-3's rules and the two more its labels use (TL204 a number in a
// key without zero padding, TL601 an account key in code). Chosen from the
// labels before the first measurement. Info findings count.
var heldout8Rules = func() map[string]bool {
	m := map[string]bool{"TL204": true, "TL601": true}
	for r := range heldout3Rules {
		m[r] = true
	}
	return m
}()

// heldout8Header heads testdata/heldout-8/labels.txt.
const heldout8Header = "" +
	"# Held-out corpus for issue 23's judging rule (heldout-8), labelled on\n" +
	"# 2026-11-27 from the rule docs and the service's documented behaviour\n" +
	"# before tablelint was run on it (the analyzers' source and testdata were\n" +
	"# not read). Ten public sources (SOURCES-a.md, SOURCES-b.md, SOURCES-c.md),\n" +
	"# aztables and the legacy storage Table API. Placement as in heldout-5\n" +
	"# (see its labels.txt).\n"

// TestHeldout8Labels checks that heldout-8's labels.txt is what the
// markers say.
func TestHeldout8Labels(t *testing.T) {
	checkCorpusLabelsAs(t, "heldout-8", "TestHeldout8Labels", heldout8Header)
}

// TestHeldout8Recall measures check over testdata/heldout-8, an eighth
// held-out corpus labelled before tablelint ran on it. First measured on
// a474260 (the session's value-flow branches merged, none of whose authors
// saw it; the precision review, which ran tablelint on three of its
// sources' public repositories, not yet merged) with the labels as
// committed in 0119ec1: 56/67 (83.6 %) and 56/62 (90.3 %); 62/67 and
// 62/67 after the session's fixes that followed, 63/67 and 63/66 after
// the next session's. Floors a little below
// the latest figures, so that a drop fails; the misses are listed in
// docs/benchmarks.md.
func TestHeldout8Recall(t *testing.T) {
	right, expected, found := measureCorpusKnown(t, "heldout-8", heldout8Rules, true, 60, 40, nil)
	checkRates(t, right, expected, found, 0.93, 0.95)
}
