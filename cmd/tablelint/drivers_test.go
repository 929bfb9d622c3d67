package main

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// TestDriversAgree runs one package through `tablelint check` and go vet
// with tablelint as its vet tool (the golangci-lint plugin's leg is in
// the plugin module's tests), and requires the same findings from each: the same directives
// suppress the same findings, malformed ones are reported once. TL902
// (unused directive) is check's alone; the fixture has none.
func TestDriversAgree(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary and runs go vet")
	}
	wd, _ := os.Getwd()
	const pkg = "./testdata/drivers"
	want := []string{
		"drivers.go:42:2: TL901",  // reason-less directive: suppresses nothing
		"drivers.go:43:68: TL301", // …so the scan it names is reported
		"drivers.go:59:57: TL204",
		"drivers.go:62:1: TL903",
	}

	// tablelint check (test files included: the file is in two packages).
	check, suppressed := checkFindings(t, wd, pkg)
	slices.Sort(check)
	if !slices.Equal(check, want) {
		t.Errorf("check findings:\n%s\nwant:\n%s", strings.Join(check, "\n"), strings.Join(want, "\n"))
	}
	if suppressed != 4 {
		t.Errorf("check: %d suppressed, want 4", suppressed)
	}

	// go vet -vettool.
	bin := buildTablelint(t)
	b, err := exec.Command("go", "vet", "-vettool="+bin, pkg).CombinedOutput()
	if err == nil {
		t.Fatalf("go vet succeeded; want findings:\n%s", b)
	}
	line := regexp.MustCompile(`(?m)^(\S+\.go):(\d+):(\d+): (TL\d{3}): `)
	var vet []string
	for _, m := range line.FindAllStringSubmatch(string(b), -1) {
		vet = append(vet, m[1]+":"+m[2]+":"+m[3]+": "+m[4])
	}
	if g := normalize(vet); !slices.Equal(g, check) {
		t.Errorf("go vet findings:\n%s\nwant (as check):\n%s\nvet output:\n%s", strings.Join(g, "\n"), strings.Join(check, "\n"), b)
	}
	// The golangci-lint plugin is its own module: plugin's
	// TestPluginAgreesWithCheck runs it on the same package and wants
	// the same findings.
}

func at(file string, line, col int, rule string) string {
	return filepath.Base(file) + ":" + strconv.Itoa(line) + ":" + strconv.Itoa(col) + ": " + rule
}

// normalize sorts findings and drops duplicates (a file analysed in its
// package and in its test variant), keeping base file names.
func normalize(fs []string) []string {
	out := make([]string, 0, len(fs))
	for _, f := range fs {
		file, rest, _ := strings.Cut(f, ":")
		out = append(out, filepath.Base(file)+":"+rest)
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// TestCheckUnusedDirective: a Go directive that suppresses nothing is
// TL902 under check, once with --tests (the file is in two packages),
// while a used one (TestDriversAgree) is not.
func TestCheckUnusedDirective(t *testing.T) {
	wd, _ := os.Getwd()
	got, _ := checkFindings(t, wd, "./testdata/checkunused")
	if want := []string{"main.go:13:2: TL902"}; !slices.Equal(got, want) {
		t.Errorf("findings %v, want %v", got, want)
	}
}

// checkFindings runs check --tests --format json on pkg, expecting findings
// (exit 1), and returns them as "file:line:col: RULE" and the number
// suppressed.
func checkFindings(t *testing.T, wd, pkg string) ([]string, int) {
	t.Helper()
	code, out, errs := runIn(t, wd, "check", "--format", "json", "--tests", pkg)
	if code != 1 {
		t.Fatalf("check: exit %d, want 1; stderr: %s\n%s", code, errs, out)
	}
	var doc struct {
		Findings []struct {
			Rule, File string
			Line, Col  int
		}
		Suppressed int
	}
	if err := json.Unmarshal([]byte(out), &doc); err != nil {
		t.Fatalf("check output: %v\n%s", err, out)
	}
	var fs []string
	for _, f := range doc.Findings {
		fs = append(fs, at(f.File, f.Line, f.Col, f.Rule))
	}
	return fs, doc.Suppressed
}
