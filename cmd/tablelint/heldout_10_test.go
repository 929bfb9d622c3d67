package main

import "testing"

// heldout10Rules are the rules testdata/heldout-10 is labelled for:
// heldout-9's rules and the two more its labels use (TL404 the same
// entity twice in one transaction, TL127 a typed literal compared with a
// property stored as another type). The first measurement's set left
// TL127 out by mistake (the labels used it); it is counted since. Info
// findings count.
var heldout10Rules = func() map[string]bool {
	m := map[string]bool{"TL404": true, "TL127": true}
	for r := range heldout9Rules {
		m[r] = true
	}
	return m
}()

// heldout10Header heads testdata/heldout-10/labels.txt.
const heldout10Header = "" +
	"# Held-out corpus for issue 23's judging rule (heldout-10), labelled on\n" +
	"# 2026-11-27 from the rule docs and the service's documented behaviour\n" +
	"# before tablelint was run on it (the analyzers' source and testdata were\n" +
	"# not read). Thirteen packages from public repositories and from Go code\n" +
	"# quoted in public GitHub issue threads (SOURCES-a.md to SOURCES-c.md),\n" +
	"# aztables and the legacy storage Table API. Placement as in heldout-5\n" +
	"# (see its labels.txt).\n"

// TestHeldout10Labels checks that heldout-10's labels.txt is what the
// markers say.
func TestHeldout10Labels(t *testing.T) {
	checkCorpusLabelsAs(t, "heldout-10", "TestHeldout10Labels", heldout10Header)
}

// TestHeldout10Recall measures check over testdata/heldout-10, a tenth
// held-out corpus labelled before tablelint ran on it. First measured on
// d2161b5 (every fix branch of the session merged, none of whose authors
// saw it) with the labels as committed in 8979473: 49/73 (67.1 %) and
// 49/73 (67.1 %); counting TL127, which that run's rule set left out
// by mistake, the same run gives 50/73 (68.5 %) and 50/74 (67.6 %). Thirteen of the misses are the same mistakes found one
// line away (a query helper's caller: the call line against the labels'
// `Filter:` line, and the reverse for legacy QueryEntities; TL404 at the
// repeated action against the SubmitTransaction). 55/73 (75.3 %) and
// 55/70 (78.6 %) after the session's fixes that followed (no label
// changed); 60/73 (82.2 %) and 60/74 (81.1 %) the next session. Floors a little below
// the latest figures, so that a drop fails; the misses are listed in
// docs/benchmarks.md.
func TestHeldout10Recall(t *testing.T) {
	right, expected, found := measureCorpusKnown(t, "heldout-10", heldout10Rules, true, 60, 60, heldout10Known)
	checkRates(t, right, expected, found, 0.81, 0.80)
}

// heldout10Known are the findings at silent spots of heldout-10's first
// measurement not yet resolved: none (TL321 on values a character-allowlist
// encoder made and TL414 on a row copied under a new PartitionKey are
// silent since).
var heldout10Known = map[string]bool{}
