package main

import (
	"slices"
	"testing"

	"github.com/tablelint/tablelint/analyzers/all"
	"github.com/tablelint/tablelint/engine/replay"
	"github.com/tablelint/tablelint/internal/filtercheck"
	"github.com/tablelint/tablelint/internal/rules"
	"github.com/tablelint/tablelint/internal/suppress"
	"github.com/tablelint/tablelint/review"
)

// sharedGoRules are the Go rules two analyzers declare, and why: the
// key-character check of a $filter's literals (tablescan, from
// internal/filtercheck) and of the keys code writes (keychars).
var sharedGoRules = map[string]int{"TL201": 2}

// TestRulesDeclared ties internal/rules to the code that reports each
// rule: every Go rule is declared by exactly one analyzer (analyzers/all),
// every rule an analyzer declares is a registered Go rule, and each other
// surface a rule lists (design, filter, replay) declares it, and
// declares only rules that list it, so `tablelint rules` cannot drift
// from the code. That each reported diagnostic names a rule its reporter
// declares is checked where the findings are made: sdktest.CheckMessages
// for analyzers, review's and replay's tests for theirs.
func TestRulesDeclared(t *testing.T) {
	byGo := map[string][]string{} // rule → analyzers declaring it
	for _, a := range all.Analyzers() {
		ids := all.Rules(a.Name)
		if len(ids) == 0 {
			t.Errorf("analyzer %s declares no rule", a.Name)
		}
		for _, id := range ids {
			byGo[id] = append(byGo[id], a.Name)
		}
	}
	design := slices.Concat(review.Rules, filtercheck.Rules, []string{suppress.RuleNoReason, suppress.RuleUnused, suppress.RuleMalformed})
	surfaces := map[rules.Target][]string{
		rules.Design: design,
		rules.Filter: filtercheck.Rules,
		rules.Replay: replay.Rules,
	}
	for id, as := range byGo {
		r, ok := rules.Get(id)
		switch {
		case !ok || r.ID != id:
			t.Errorf("analyzers %v declare %s, which is not a registered rule ID", as, id)
		case !slices.Contains(r.Targets, rules.GoCode):
			t.Errorf("analyzers %v declare %s %s, which does not list surface %q", as, id, r.Name, rules.GoCode)
		}
	}
	for target, ids := range surfaces {
		for _, id := range ids {
			if r, ok := rules.Get(id); !ok || r.ID != id {
				t.Errorf("surface %s declares %s, which is not a registered rule ID", target, id)
			} else if !slices.Contains(r.Targets, target) {
				t.Errorf("surface %s declares %s %s, which does not list it", target, id, r.Name)
			}
		}
	}
	for _, r := range rules.All() {
		if slices.Contains(r.Targets, rules.GoCode) {
			want := max(sharedGoRules[r.ID], 1)
			if n := len(byGo[r.ID]); n != want {
				t.Errorf("%s %s is declared by %d analyzers %v, want %d", r.ID, r.Name, n, byGo[r.ID], want)
			}
		}
		for target, ids := range surfaces {
			if slices.Contains(r.Targets, target) && !slices.Contains(ids, r.ID) {
				t.Errorf("%s %s lists surface %q, whose code does not declare it", r.ID, r.Name, target)
			}
		}
	}
}
