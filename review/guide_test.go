package review_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tablelint/tablelint/internal/golden"
	"github.com/tablelint/tablelint/internal/rules"
	"github.com/tablelint/tablelint/model"
	"github.com/tablelint/tablelint/review"
)

// guideDesigns returns the design guide's bad and good designs.
func guideDesigns(t *testing.T, kind string) []string {
	t.Helper()
	files, _ := filepath.Glob("../testdata/designs/guide/*." + kind + ".yaml")
	if len(files) < 8 {
		t.Fatalf("found only %d %s designs under testdata/designs/guide", len(files), kind)
	}
	return files
}

func reviewFile(t *testing.T, f string) *review.Result {
	t.Helper()
	d, err := model.Load(f)
	if err != nil {
		t.Fatal(err)
	}
	return review.Review(d, review.Options{})
}

// TestGuideGolden compares the review of every design guide design, bad
// and good, with testdata/guide/<name>.golden.
func TestGuideGolden(t *testing.T) {
	files := append(guideDesigns(t, "bad"), guideDesigns(t, "good")...)
	for _, f := range files {
		name := strings.TrimSuffix(filepath.Base(f), ".yaml")
		t.Run(name, func(t *testing.T) {
			got := render(t, reviewFile(t, f))
			golden.CheckString(t, filepath.Join("testdata", "guide", name+".golden"), got)
		})
	}
}

// TestGuideBadDesigns makes sure each bad design triggers the rules it is
// about, each at least the given number of times, so that a golden file
// accepted with -update cannot silently lose one.
func TestGuideBadDesigns(t *testing.T) {
	want := map[string]map[string]int{
		"compound-key":      {"TL206": 1},
		"rowkey-collision":  {"TL207": 2},
		"entity-types":      {"TL210": 1, "TL212": 1},
		"sort-order":        {"TL213": 2},
		"partition-load":    {"TL209": 2, "TL208": 1, "TL513": 1},
		"log-range":         {"TL509": 1},
		"index-entities":    {"TL315": 2, "TL504": 1},
		"types":             {"TL130": 1, "TL131": 1, "TL127": 1},
		"copies":            {"TL407": 1, "TL408": 2, "TL503": 1, "TL514": 1, "TL515": 1},
		"wide-entity":       {"TL507": 2},
		"egt-partitions":    {"TL512": 1},
		"prefix-range":      {"TL318": 3},
		"large-values":      {"TL508": 1},
		"lookup-cache":      {"TL513": 1},
		"retention":         {"TL505": 1, "TL104": 1, "TL105": 1},
		"data-series":       {"TL506": 1},
		"denormalization":   {"TL510": 1},
		"round-trips":       {"TL316": 2},
		"index-transaction": {"TL407": 1},
		"duplicate-query":   {"TL324": 2},
		"count-only":        {"TL325": 1},
	}
	seen := map[string]bool{}
	for _, f := range guideDesigns(t, "bad") {
		name := strings.TrimSuffix(filepath.Base(f), ".bad.yaml")
		seen[name] = true
		rs, ok := want[name]
		if !ok {
			t.Errorf("%s: no expected rules listed in TestGuideBadDesigns", f)
			continue
		}
		got := map[string]int{}
		for _, it := range reviewFile(t, f).Items {
			got[it.Rule]++
		}
		for r, n := range rs {
			if got[r] < n {
				t.Errorf("%s: %d %s findings, want at least %d (got %v)", f, got[r], r, n, got)
			}
		}
	}
	for name := range want {
		if !seen[name] {
			t.Errorf("testdata/designs/guide/%s.bad.yaml is missing", name)
		}
	}
}

// TestGoodDesignsSilent reviews the design guide's recommended designs
// and every pattern's good form: none may have a finding (the guide's
// designs), or a warning or error (the older pattern examples).
func TestGoodDesignsSilent(t *testing.T) {
	for _, f := range guideDesigns(t, "good") {
		for _, it := range reviewFile(t, f).Items {
			t.Errorf("%s:%d:%d: %s %s %s", f, it.Line, it.Col, it.Severity, it.Rule, it.Message)
		}
	}
	for _, f := range []string{"log-tail.tablelint.yaml", "high-volume-delete.tablelint.yaml"} {
		for _, it := range reviewFile(t, "../testdata/designs/"+f).Items {
			if it.Severity >= rules.Warning {
				t.Errorf("%s:%d:%d: %s %s %s", f, it.Line, it.Col, it.Severity, it.Rule, it.Message)
			}
		}
	}
}

// TestGuideBadHasGood: every bad design has a good counterpart.
func TestGuideBadHasGood(t *testing.T) {
	for _, f := range guideDesigns(t, "bad") {
		good := strings.TrimSuffix(f, ".bad.yaml") + ".good.yaml"
		if _, err := os.Stat(good); err != nil {
			t.Errorf("%s has no good form: %v", f, err)
		}
	}
}

// TestStorageBill: review prices capacity as well as transactions ("cost
// estimates for both capacity usage and the quantity of transactions"):
// the entity counts times their sizes, by the GB and month; unknown (and
// said so) when an entity type has no count.
func TestStorageBill(t *testing.T) {
	res := reviewFile(t, "../testdata/designs/guide/count-only.bad.yaml")
	b := res.Storage
	if b == nil || !b.Known {
		t.Fatalf("no storage bill: %+v", b)
	}
	e := res.Design.Tables[0].Entities[0]
	want := float64(e.Count) * float64(e.Size().Declared)
	if b.StoredBytes != want || b.PerGBMonth != 0.045 || b.Monthly != want/(1<<30)*0.045 {
		t.Errorf("storage bill %+v, want %v bytes at 0.045 per GB a month", b, want)
	}
	res = reviewFile(t, "../testdata/designs/guide/copies.bad.yaml")
	if b := res.Storage; b == nil || b.Known || b.NoCount != "Employees.EmployeeByEmail" {
		t.Errorf("copies.bad: storage bill %+v, want unknown for Employees.EmployeeByEmail", b)
	}
	cosmos := reviewFile(t, "../testdata/designs/checks/cosmos-faq.yaml")
	if cosmos.Storage != nil {
		t.Errorf("target cosmos: a Table storage bill %+v (Cosmos DB's bill prices its storage)", cosmos.Storage)
	}
}

// TestUndeclaredIndexSilent: an index entity recognised without copyOf:
// is silent when declared eventual, and a type that declares the property
// its RowKey is built from is no index of another.
func TestUndeclaredIndexSilent(t *testing.T) {
	src, err := os.ReadFile("../testdata/designs/guide/index-transaction.bad.yaml")
	if err != nil {
		t.Fatal(err)
	}
	for name, edit := range map[string][2]string{
		"eventual": {"          EmployeeIDs: {type: String, maxLength: 4000}\n", "          EmployeeIDs: {type: String, maxLength: 4000}\n        eventual: true\n"},
		"declares": {"          EmployeeIDs: {type: String, maxLength: 4000}\n", "          EmployeeIDs: {type: String, maxLength: 4000}\n          LastName: {type: String, maxLength: 64}\n"},
	} {
		text := strings.Replace(string(src), edit[0], edit[1], 1)
		if text == string(src) {
			t.Fatalf("%s: the edit does not apply", name)
		}
		f := filepath.Join(t.TempDir(), "design.yaml")
		if err := os.WriteFile(f, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		for _, it := range reviewFile(t, f).Items {
			if it.Rule == "TL407" {
				t.Errorf("%s: %s", name, it.Message)
			}
		}
	}
}
