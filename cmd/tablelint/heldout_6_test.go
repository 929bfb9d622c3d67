package main

import "testing"

// heldout6Rules are the rules testdata/heldout-6 is labelled for: heldout-3's
// rules and the three more its labels use (TL115 two property names that
// differ only in case, TL127 a number stored as a String, TL204 a number
// in a key not zero-padded). Chosen from the labels before the first
// measurement. Info findings count.
var heldout6Rules = func() map[string]bool {
	m := map[string]bool{"TL115": true, "TL127": true, "TL204": true}
	for r := range heldout3Rules {
		m[r] = true
	}
	return m
}()

// heldout6Header heads testdata/heldout-6/labels.txt.
const heldout6Header = "" +
	"# Held-out corpus for issue 23's judging rule (heldout-6), labelled on\n" +
	"# 2026-11-27 from the rule docs and the service's documented behaviour\n" +
	"# before tablelint was run on it (the analyzers' source and testdata were\n" +
	"# not read). Ten public sources: five aztables applications (SOURCES-a.md)\n" +
	"# and five from the legacy storage Table API and larger projects\n" +
	"# (SOURCES-b.md). Placement as in heldout-5 (see its labels.txt).\n"

// TestHeldout6Labels checks that heldout-6's labels.txt is what the
// markers say.
func TestHeldout6Labels(t *testing.T) {
	checkCorpusLabelsAs(t, "heldout-6", "TestHeldout6Labels", heldout6Header)
}

// TestHeldout6Recall measures check over testdata/heldout-6, a sixth
// held-out corpus (ten public sources, SOURCES-a.md and SOURCES-b.md)
// labelled before tablelint ran on it. First measured on 5141c0a with the
// labels as committed there: 36/60 (60.0 %) and 36/43 (83.7 %), with four
// findings at silent spots. Floors a little below the figures now
// (after the write-side mechanisms of docs/benchmarks.md's "Sixth held-out
// corpus: write side" and the query-side ones of "the query-side misses":
// 59/60, 59/64), so that a drop fails; the misses are listed in
// docs/benchmarks.md.
func TestHeldout6Recall(t *testing.T) {
	right, expected, found := measureCorpusKnown(t, "heldout-6", heldout6Rules, true, 55, 50, heldout6Known)
	checkRates(t, right, expected, found, 0.97, 0.91)
}

// heldout6Known are the findings at silent spots of heldout-6's first
// measurement not yet resolved: keys tested only for empty text, which
// checks none of their characters (TL201 reports them; its docs said "a
// comparison with a constant" and now say a non-empty one).
var heldout6Known = map[string]bool{
	"eventsvca/events.go:85 TL201":  true,
	"eventsvca/events.go:86 TL201":  true,
	"eventsvca/events.go:113 TL201": true,
}
