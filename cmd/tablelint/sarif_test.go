package main

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// sarifResults is what the SARIF tests read of a log.
type sarifResults struct {
	Runs []struct {
		AutomationDetails struct {
			ID string `json:"id"`
		} `json:"automationDetails"`
		Results []struct {
			RuleID       string           `json:"ruleId"`
			Level        string           `json:"level"`
			Suppressions []map[string]any `json:"suppressions"`
			Message      struct {
				Text string `json:"text"`
			} `json:"message"`
		} `json:"results"`
	} `json:"runs"`
}

func readSARIF(t *testing.T, out string) sarifResults {
	t.Helper()
	var log sarifResults
	if err := json.Unmarshal([]byte(out), &log); err != nil || len(log.Runs) != 1 {
		t.Fatalf("not a SARIF log with one run (%v):\n%s", err, out)
	}
	return log
}

// TestCheckSARIFSuppressed: the findings a //tablelint:ignore directive
// suppressed are in check's SARIF as suppressed results, as they are in
// review's.
func TestCheckSARIFSuppressed(t *testing.T) {
	wd, _ := os.Getwd()
	code, out, errs := runIn(t, wd, "check", "--format", "sarif", "./testdata/checksuppress")
	if code != 1 {
		t.Fatalf("exit %d, want 1; stderr: %s", code, errs)
	}
	log := readSARIF(t, out)
	var sup []string
	for _, r := range log.Runs[0].Results {
		if len(r.Suppressions) > 0 {
			sup = append(sup, r.RuleID+": "+r.Message.Text)
		}
	}
	if len(sup) != 1 || !strings.HasPrefix(sup[0], "TL301: ") || strings.HasPrefix(sup[0], "TL301: TL301") {
		t.Errorf("suppressed results %q, want the one TL301 the directive covers", sup)
	}
	if id := log.Runs[0].AutomationDetails.ID; id != "tablelint/check/" {
		t.Errorf("automationDetails.id = %q", id)
	}
}

// multitool returns the SARIF multitool scripts/test.sh installs into
// tools/sarif-multitool (or $TABLELINT_SARIF_MULTITOOL), or skips.
func multitool(t *testing.T) string {
	t.Helper()
	path := os.Getenv("TABLELINT_SARIF_MULTITOOL")
	if path == "" {
		path, _ = filepath.Abs("../../tools/sarif-multitool/node_modules/@microsoft/sarif-multitool-linux/Sarif.Multitool")
	}
	if fi, err := os.Stat(path); err != nil || fi.Mode()&0o100 == 0 {
		t.Skip("SARIF multitool not installed: scripts/test.sh installs it (npm ci in tools/sarif-multitool)")
	}
	return path
}

// TestSARIFMultitool validates the SARIF of every reporting command with
// Microsoft's SARIF multitool, with the SARIF rules and GitHub's (GH1xxx:
// what code scanning requires of an upload). Any error or warning fails,
// except SARIF2005 on a development build's version "devel".
func TestSARIFMultitool(t *testing.T) {
	tool := multitool(t)
	wd, _ := os.Getwd()
	dir := repo(t)
	design, err := os.ReadFile("../../testdata/designs/employees.tablelint.yaml")
	if err != nil {
		t.Fatal(err)
	}
	writeFile(t, filepath.Join(dir, "employees.tablelint.yaml"), string(design))
	writeFile(t, filepath.Join(dir, "quiet.tablelint.yaml"), "# tablelint:ignore TL303 the table is small\n"+string(design))
	// The validator does see what GitHub rejects: a location without a
	// URI (GH1017), as explain's was.
	bad := filepath.Join(t.TempDir(), "bad.sarif")
	writeFile(t, bad, `{"version": "2.1.0", "runs": [{"tool": {"driver": {"name": "x", "version": "1.0"}}, "results": [
		{"ruleId": "TL301", "message": {"text": "m"}, "partialFingerprints": {"x": "1"},
		 "locations": [{"physicalLocation": {"artifactLocation": {"description": {"text": "the filter"}}, "region": {"startLine": 1, "endLine": 1}}}]}]}]}`)
	if problems := validateSARIF(t, tool, bad); !strings.Contains(strings.Join(problems, "\n"), "GH1017") {
		t.Fatalf("the multitool accepts a location without a URI: %q", problems)
	}
	for _, tc := range []struct {
		name, dir string
		args      []string
	}{
		{"explain", dir, []string{"explain", "--format", "sarif", "PartitionKey eq 'é/x' and (RowKey eq '1' or RowKey eq '2')"}},
		{"explain-invalid", dir, []string{"explain", "--format", "sarif", "PartitionKey eq 'O'Brien'"}},
		{"review", dir, []string{"review", "--format", "sarif", "--fail-on", "info", "employees.tablelint.yaml", "quiet.tablelint.yaml"}},
		{"check", wd, []string{"check", "--format", "sarif", "./testdata/checkdemo", "./testdata/checksuppress"}},
		{"replay", dir, []string{"replay", "--format", "sarif", "--duration", "3s", "employees.tablelint.yaml"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			code, out, errs := runIn(t, tc.dir, tc.args...)
			if code > 2 || out == "" {
				t.Fatalf("exit %d, stderr %q", code, errs)
			}
			in := filepath.Join(t.TempDir(), tc.name+".sarif")
			if err := os.WriteFile(in, []byte(out), 0o644); err != nil {
				t.Fatal(err)
			}
			problems := validateSARIF(t, tool, in)
			for _, p := range problems {
				t.Errorf("%s", p)
			}
			if t.Failed() {
				t.Logf("the log:\n%s", out)
			}
		})
	}
}

// validateSARIF runs `Sarif.Multitool validate` on file and returns its
// errors and warnings, one line each.
func validateSARIF(t *testing.T, tool, file string) []string {
	t.Helper()
	outFile := file + ".validation.sarif"
	cmd := exec.Command(tool, "validate", "--rule-kind", "Sarif;Gh", "--output", outFile, file)
	// The multitool is a .NET program: without ICU installed it needs the
	// invariant globalization mode.
	cmd.Env = append(os.Environ(), "DOTNET_SYSTEM_GLOBALIZATION_INVARIANT=1", "DOTNET_CLI_TELEMETRY_OPTOUT=1")
	done := make(chan struct{})
	timer := time.AfterFunc(2*time.Minute, func() { _ = cmd.Process.Kill(); close(done) })
	output, err := cmd.CombinedOutput()
	timer.Stop()
	if err != nil {
		t.Fatalf("multitool: %v\n%s", err, output)
	}
	data, err := os.ReadFile(outFile)
	if err != nil {
		t.Fatalf("multitool wrote no result (%v):\n%s", err, output)
	}
	var log struct {
		Runs []struct {
			Results []struct {
				RuleID  string `json:"ruleId"`
				Level   string `json:"level"`
				Message struct {
					Text      string   `json:"text"`
					Arguments []string `json:"arguments"`
				} `json:"message"`
			} `json:"results"`
		} `json:"runs"`
	}
	if err := json.Unmarshal(data, &log); err != nil {
		t.Fatal(err)
	}
	var problems []string
	for _, run := range log.Runs {
		for _, r := range run.Results {
			level := r.Level
			if level == "" {
				level = "warning"
			}
			if level == "note" || level == "none" {
				continue
			}
			text := r.Message.Text
			if text == "" {
				text = strings.Join(r.Message.Arguments, "; ")
			}
			if r.RuleID == "SARIF2005" && strings.Contains(text, "devel") {
				continue // a development build's version
			}
			problems = append(problems, fmt.Sprintf("%s %s: %s", level, r.RuleID, text))
		}
	}
	select {
	case <-done:
		t.Fatal("multitool timed out")
	default:
	}
	return problems
}
