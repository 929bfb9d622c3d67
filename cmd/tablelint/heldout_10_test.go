package main

import "testing"

// heldout10Rules are the rules testdata/heldout-10 is labelled for:
// heldout-9's rules and the one more its labels use (TL404 the same
// entity twice in one transaction). Chosen from the labels before the
// first measurement. Info findings count.
var heldout10Rules = func() map[string]bool {
	m := map[string]bool{"TL404": true}
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
// 49/73 (67.1 %). Thirteen of the misses are the same mistakes found one
// line away (a query helper's caller: the call line against the labels'
// `Filter:` line, and the reverse for legacy QueryEntities; TL404 at the
// repeated action against the SubmitTransaction). Floors a little below
// the latest figures, so that a drop fails; the misses are listed in
// docs/benchmarks.md.
func TestHeldout10Recall(t *testing.T) {
	right, expected, found := measureCorpusKnown(t, "heldout-10", heldout10Rules, true, 60, 60, heldout10Known)
	checkRates(t, right, expected, found, 0.66, 0.66)
}

// heldout10Known are the findings at silent spots of heldout-10's first
// measurement not yet resolved: TL321 on values a character-allowlist
// encoder made (it writes letters, digits and . _ - as they are and every
// other byte as hex).
var heldout10Known = map[string]bool{
	"relayhosta/hooks.go:55 TL321":   true,
	"relayhosta/hooks.go:157 TL321":  true,
	"relayhosta/meters.go:148 TL321": true,
	"relayhosta/rooms.go:207 TL321":  true,
}
