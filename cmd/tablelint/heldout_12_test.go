package main

import "testing"

// heldout12Rules are the rules testdata/heldout-12 is labelled for:
// heldout-11's rules and TL602, the one rule its labels add (checked
// against the markers before the first measurement). Info findings count.
var heldout12Rules = func() map[string]bool {
	m := map[string]bool{"TL602": true}
	for r := range heldout11Rules {
		m[r] = true
	}
	return m
}()

// heldout12Header heads testdata/heldout-12/labels.txt.
const heldout12Header = "" +
	"# Held-out corpus for issue 23's judging rule (heldout-12), labelled on\n" +
	"# 2026-11-28 from the rule docs and the service's documented behaviour\n" +
	"# before tablelint was run on it (the analyzers' source and testdata were\n" +
	"# not read). Packages from a public documentation page, Go code quoted in\n" +
	"# public GitHub issue and pull-request threads, and public repositories\n" +
	"# (SOURCES-a.md onwards), aztables and the legacy storage Table API.\n" +
	"# Placement as docs/analyzers.md's \"Where a finding is reported\" says.\n"

// TestHeldout12Labels checks that heldout-12's labels.txt is what the
// markers say.
func TestHeldout12Labels(t *testing.T) {
	checkCorpusLabelsAs(t, "heldout-12", "TestHeldout12Labels", heldout12Header)
}

// heldout12Known are the findings still reported at heldout-12's silent
// spots, each counted against precision (docs/benchmarks.md says why).
var heldout12Known = map[string]bool{
	"budgetd/cards.go:96 TL204":      true,
	"statekeyb/transact.go:50 TL403": true,
	"streamd/log.go:245 TL403":       true,
	"streamd/log.go:262 TL403":       true,
}

// TestHeldout12Recall measures check over testdata/heldout-12, a twelfth
// held-out corpus labelled before tablelint ran on it. First measured on
// 1f50033 (every fix branch of the session merged, none of whose authors
// saw it) with the labels as committed in d28f819: 65/85 (76.5 %) and
// 65/79 (82.3 %); 72/85 (84.7 %) and 72/83 (86.7 %) after the fixes
// that followed, 74/85 and 74/85 (87.1 %) once raw request fields were
// sized, 75/85 (88.2 %) and 75/86 (87.2 %) with TL209's settings-chosen
// time fallback (no label changed). Floors a little below the latest figures,
// so that a drop fails; the misses are listed in docs/benchmarks.md.
func TestHeldout12Recall(t *testing.T) {
	right, expected, found := measureCorpusKnown(t, "heldout-12", heldout12Rules, true, 40, 60, heldout12Known)
	checkRates(t, right, expected, found, 0.87, 0.87)
}
