package main

import (
	"os"
	"strings"
	"testing"
)

// TestChecksFlag: --checks selects the rules every command reports,
// staticcheck style; --fail-on none never fails on findings.
func TestChecksFlag(t *testing.T) {
	dir := repo(t)
	const f = "PartitionKey eq 'é/x' and (RowKey eq '1' or RowKey eq '2')" // TL201, TL304
	for _, tc := range []struct {
		checks   string
		has, not []string
	}{
		{"all", []string{"TL201", "TL304"}, nil},
		{"all,-TL304", []string{"TL201"}, []string{"TL304"}},
		{"-TL201", []string{"TL304"}, []string{"TL201"}},
		{"TL3*", []string{"TL304"}, []string{"TL201"}},
	} {
		code, out, errs := runIn(t, dir, "explain", "--checks", tc.checks, f)
		if code != 1 || errs != "" {
			t.Errorf("--checks %s: exit %d, stderr %q", tc.checks, code, errs)
		}
		for _, id := range tc.has {
			if !strings.Contains(out, id) {
				t.Errorf("--checks %s: no %s:\n%s", tc.checks, id, out)
			}
		}
		for _, id := range tc.not {
			if strings.Contains(out, id) {
				t.Errorf("--checks %s: %s reported:\n%s", tc.checks, id, out)
			}
		}
	}
	code, out, _ := runIn(t, dir, "explain", "--checks", "-TL201,-TL304", f)
	if code != 0 || !strings.Contains(out, "no findings") {
		t.Errorf("every finding deselected: exit %d\n%s", code, out)
	}
	code, _, errs := runIn(t, dir, "explain", "--checks", "TL3O4", f)
	if code != 2 || errs != "tablelint: invalid --checks: unknown rule \"TL3O4\" in checks (did you mean \"TL304\"?)\n" {
		t.Errorf("--checks TL3O4: exit %d, stderr %q", code, errs)
	}
	code, out, _ = runIn(t, dir, "explain", "--fail-on", "none", f)
	if code != 0 || !strings.Contains(out, "TL201") {
		t.Errorf("--fail-on none: exit %d\n%s", code, out)
	}
	// review and check take it too.
	design, err := os.ReadFile("../../testdata/designs/employees.tablelint.yaml")
	if err != nil {
		t.Fatal(err)
	}
	writeFile(t, dir+"/e.tablelint.yaml", string(design))
	_, all, _ := runIn(t, dir, "review", "--quiet", "e.tablelint.yaml")
	_, some, _ := runIn(t, dir, "review", "--quiet", "--checks", "all,-TL303", "e.tablelint.yaml")
	if !strings.Contains(all, "TL303") || strings.Contains(some, "TL303") {
		t.Errorf("review --checks all,-TL303:\n%s\nwithout:\n%s", some, all)
	}
	wd, _ := os.Getwd()
	code, out, errs = runIn(t, wd, "check", "--checks", "TL321", "--fail-on", "none", "./testdata/checkdemo")
	if code != 0 || !strings.Contains(out, "TL321") || strings.Contains(out, "TL301") {
		t.Errorf("check --checks TL321 --fail-on none: exit %d, stderr %q\n%s", code, errs, out)
	}
}
