package replay

import (
	"bytes"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/tablelint/tablelint/internal/finding"
	"github.com/tablelint/tablelint/internal/golden"
	"github.com/tablelint/tablelint/internal/report"
	"github.com/tablelint/tablelint/internal/rules"
)

// TestObservedFindings: replay reports what it saw, at the trace line:
// rejected operations grouped (first line, count) under the rule of the
// limit they broke, unpadded numbers and time-ordered partitions in the
// keys written. Tables whose keys are padded or spread stay silent.
func TestObservedFindings(t *testing.T) {
	for _, tc := range []struct {
		trace string
		rules []string // in order
	}{
		// Every write rejected: a finding, never "no findings".
		{"rejected", []string{"TL122"}},
		{"mixed", []string{"TL201", "TL202", "TL123", "TL120", "TL517", "TL517", "TL309", "TL517", "TL403", "TL517"}},
		// Orders: order_9 after order_12; Events: hour partitions in
		// order and 18-digit reverse ticks. Padded and Spread: silent.
		{"keys", []string{"TL205", "TL209", "TL204"}},
		// Logins created again 10 s after its delete: 409
		// TableBeingDeleted. Later re-creates 40 s after the delete, and a
		// re-create without a time, stay silent.
		{"reuse", []string{"TL104"}},
	} {
		t.Run(tc.trace, func(t *testing.T) {
			path := filepath.Join("testdata", tc.trace+".jsonl")
			rep := replayFile(t, path, Options{})
			fds := rep.Findings(tc.trace + ".jsonl")
			var got []string
			var text bytes.Buffer
			for _, f := range fds {
				if err := finding.CheckMessage(f.Rule, f.Message); err != nil {
					t.Error(err)
				}
				if !slices.Contains(Rules, f.Rule) {
					t.Errorf("replay reports %s, which replay.Rules does not declare", f.Rule)
				}
				got = append(got, f.Rule)
				if strings.Contains(f.Message, "Padded") || strings.Contains(f.Message, "Spread") {
					t.Errorf("false positive on a padded or spread table: %s", f.Message)
				}
			}
			if strings.Join(got, " ") != strings.Join(tc.rules, " ") {
				t.Errorf("rules %v, want %v", got, tc.rules)
			}
			if report.ExitCode(fds, rules.Warning) != 1 {
				t.Errorf("exit code 0 at --fail-on warning")
			}
			if err := report.Write(&text, report.Result{Findings: fds}, report.Options{Format: "text"}); err != nil {
				t.Fatal(err)
			}
			golden.Check(t, filepath.Join("testdata", tc.trace+".findings"), text.Bytes())
		})
	}
}

// TestRejectionGroups: the 17 rejected inserts are one group with the
// first line and the count.
func TestRejectionGroups(t *testing.T) {
	rep := replayFile(t, filepath.Join("testdata", "rejected.jsonl"), Options{})
	rs := rep.Rejections()
	if len(rs) != 1 || rs[0].Count != 17 || rs[0].Line != 2 || rs[0].Status != 400 || rs[0].Code != "PropertyValueTooLarge" {
		t.Errorf("rejections %+v", rs)
	}
}

// TestAccountFinding: a second over the account target is TL518 at the
// line of the first request over it; within the target it stays silent.
func TestAccountFinding(t *testing.T) {
	account := func(fds []finding.Finding) []finding.Finding {
		var out []finding.Finding
		for _, f := range fds {
			if f.Rule == "TL518" {
				out = append(out, f)
			}
		}
		return out
	}
	if got := account(replayFile(t, smallTrace, Options{}).Findings("small.jsonl")); len(got) != 0 {
		t.Errorf("within the target: %+v", got)
	}
	rep := replayFile(t, smallTrace, Options{AccountRate: 5})
	got := account(rep.Findings("small.jsonl"))
	if len(got) != 1 || got[0].Line != rep.Throughput.AccountHotLine || got[0].Line < 2 ||
		got[0].Message != "the account serves 10 requests/s at peak, over the target of 5/s" || !strings.Contains(got[0].Hint, "peak in second 2") {
		t.Errorf("over the target: %+v", got)
	}
	if rep.Throughput.ThrottledAccount == 0 || rep.Statuses[503] != rep.Throughput.Throttled {
		t.Errorf("throttled %d (account %d), statuses %v: want 503 for each throttled operation", rep.Throughput.Throttled, rep.Throughput.ThrottledAccount, rep.Statuses)
	}
}

// TestBatchOverlap: batches less than a second apart on a common entity
// are TL405, once per table with the count; disjoint batches at the same
// instant and batches on one entity seconds apart are silent.
func TestBatchOverlap(t *testing.T) {
	rep := replayFile(t, filepath.Join("testdata", "batches.jsonl"), Options{})
	var got []finding.Finding
	for _, f := range rep.Findings("batches.jsonl") {
		if f.Rule == "TL405" {
			got = append(got, f)
		}
	}
	want := `batch on table Counters overlaps the batch at line 2 on a common entity`
	if len(got) != 1 || got[0].Line != 3 || got[0].Message != want ||
		!strings.Contains(got[0].Hint, `entity ("dept1", "total")`) || !strings.Contains(got[0].Hint, "2 overlapping batches") {
		t.Errorf("TL405 findings %+v", got)
	}
}

func TestHasDigitShape(t *testing.T) {
	keys := []string{"", "a", "#", "1", "12", "a1", "a12b", "a1b2", "2026-11-27", "x#1", "#1", "1#", "p007", "p7", "p7x", "ab"}
	for _, k := range keys {
		for _, j := range keys {
			if got, want := hasDigitShape(k, digitShape(j)), digitShape(k) == digitShape(j); got != want {
				t.Errorf("hasDigitShape(%q, %q) = %v, want %v", k, digitShape(j), got, want)
			}
		}
	}
}
