package main

import "testing"

// heldout7Rules are the rules testdata/heldout-7 is labelled for:
// heldout-3's rules and the six more its labels use (TL104 a table name
// reused after a delete, TL116 a property name Cosmos DB reserves, TL124 a
// date out of range, TL127 a number stored as a String, TL323 a literal
// of another type, TL601 an account key in code). Chosen from the labels
// before the first measurement. Info findings count.
var heldout7Rules = func() map[string]bool {
	m := map[string]bool{"TL104": true, "TL116": true, "TL124": true, "TL127": true, "TL323": true, "TL601": true}
	for r := range heldout3Rules {
		m[r] = true
	}
	return m
}()

// heldout7Header heads testdata/heldout-7/labels.txt.
const heldout7Header = "" +
	"# Held-out corpus for issue 23's judging rule (heldout-7), labelled on\n" +
	"# 2026-11-27 from the rule docs and the service's documented behaviour\n" +
	"# before tablelint was run on it (the analyzers' source and testdata were\n" +
	"# not read). Nine public sources (SOURCES-a.md, SOURCES-b.md), aztables\n" +
	"# and the legacy storage Table API. Placement as in heldout-5 (see its\n" +
	"# labels.txt).\n"

// TestHeldout7Labels checks that heldout-7's labels.txt is what the
// markers say.
func TestHeldout7Labels(t *testing.T) {
	checkCorpusLabelsAs(t, "heldout-7", "TestHeldout7Labels", heldout7Header)
}

// TestHeldout7Recall measures check over testdata/heldout-7, a seventh
// held-out corpus labelled before tablelint ran on it. First measured on
// 5170741 (every branch of the session that wrote it merged, none of
// whose authors saw it) with the labels as committed in 0dc91e1: 54/69
// (78.3 %) and 54/62 (87.1 %); 69/69 and 69/75 two sessions of fixes
// later. Floors a little below the figures, so that a drop fails; the misses are listed in docs/benchmarks.md.
func TestHeldout7Recall(t *testing.T) {
	right, expected, found := measureCorpusKnown(t, "heldout-7", heldout7Rules, true, 60, 40, heldout7Known)
	checkRates(t, right, expected, found, 0.98, 0.91)
}

// heldout7Known are the findings at silent spots of heldout-7's first
// measurement not yet resolved: a legacy Entity.TimeStamp the code sets,
// which TL128's docs say it reports (the labeller read "is not even sent"
// as silence; heldout-6 labels the same shape TL128).
var heldout7Known = map[string]bool{
	"strikesd/plant.go:70 TL128": true,
}
