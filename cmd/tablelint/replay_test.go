package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// replayCmd runs tablelint with args and returns the exit code, stdout
// and stderr.
func replayCmd(t *testing.T, args ...string) (int, string, string) {
	t.Helper()
	var out, errb bytes.Buffer
	wd, _ := os.Getwd()
	code := run(&env{stdin: strings.NewReader(""), stdout: &out, stderr: &errb, dir: wd}, args)
	return code, out.String(), errb.String()
}

const replaySmall = "../../testdata/traces/small.jsonl"

func TestReplayExitCodes(t *testing.T) {
	dir := t.TempDir()
	results := filepath.Join(dir, "r.jsonl")
	svg := filepath.Join(dir, "h.svg")
	// The trace's invalid operations are reported at their lines (an
	// error-severity TL201 among them); no partition is hot.
	code, out, errs := replayCmd(t, "replay", "--trace", replaySmall, "--results", results, "--svg", svg)
	if code != 1 || !strings.Contains(out, "small.jsonl:7:1: error TL201 1 insert operation rejected with 400 InvalidInput") ||
		strings.Contains(out, "TL501") || errs != "" {
		t.Errorf("replay: exit %d\n%s\n%s", code, out, errs)
	}
	lines := strings.Split(strings.TrimSpace(readFile(t, results)), "\n")
	if len(lines) != 25 {
		t.Fatalf("results has %d lines, want 25", len(lines))
	}
	var r struct {
		I      int         `json:"i"`
		Status int         `json:"status"`
		Keys   [][2]string `json:"keys"`
		Pages  int         `json:"pages"`
	}
	if err := json.Unmarshal([]byte(lines[15]), &r); err != nil || r.I != 15 || r.Status != 200 || len(r.Keys) != 3 || r.Pages != 2 {
		t.Errorf("results line 16 %s: %+v %v", lines[15], r, err)
	}
	if !strings.HasPrefix(readFile(t, svg), "<svg") {
		t.Errorf("no SVG written")
	}

	// TL501 is a warning.
	code, out, _ = replayCmd(t, "replay", "--trace", replaySmall, "--partition-rate", "5")
	if code != 1 || !strings.Contains(out, "small.jsonl:16:1: warning TL501 hot partition \"Sales\"") {
		t.Errorf("hot replay: exit %d\n%s", code, out)
	}
	code, out, _ = replayCmd(t, "replay", "--trace", replaySmall, "--partition-rate", "5", "--format", "json")
	var doc struct {
		Findings []struct{ Rule string }
		Replay   struct{ Operations int }
		Queries  []struct{ Plan string }
	}
	err := json.Unmarshal([]byte(out), &doc)
	hot := 0
	for _, f := range doc.Findings {
		if f.Rule == "TL501" {
			hot++
		}
	}
	if err != nil || code != 1 || len(doc.Findings) != 10 || hot != 2 || doc.Replay.Operations != 25 || len(doc.Queries) != 6 {
		t.Errorf("json: exit %d err %v %+v", code, err, doc)
	}
}

func TestReplayBadInput(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.jsonl")
	os.WriteFile(bad, []byte("{\"op\":\"createTable\",\"table\":\"T1\"}\n{\"op\":\"insert\",\"table\":\"T1\",\"entity\":{\"PartitionKey\":\"a\",}}\n"), 0o644)
	for _, tc := range []struct {
		args []string
		msg  string
	}{
		{[]string{"replay", "--trace", bad}, "bad.jsonl:2:58: unexpected '}', want a string"},
		{[]string{"replay", "--trace", filepath.Join(dir, "missing.jsonl")}, "missing.jsonl"},
		{[]string{"replay"}, "replay takes one design file, or --trace FILE"},
		{[]string{"replay", "x.yaml", "--trace", bad}, "not both"},
		{[]string{"replay", "--trace", bad, "--duration", "0s"}, "--duration must be positive"},
		{[]string{"replay", "--trace", bad, "--partition-rate", "-1"}, "must be positive"},
		{[]string{"replay", "--trace", bad, "--max-trace-bytes", "10"}, "larger than --max-trace-bytes"},
	} {
		code, out, errs := replayCmd(t, tc.args...)
		if code != 2 || !strings.Contains(errs, tc.msg) || strings.Count(errs, "\n") != 1 || out != "" {
			t.Errorf("%v: exit %d stdout %q stderr %q, want exit 2 and %q", tc.args, code, out, errs, tc.msg)
		}
	}
}

func readFile(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// TestReplayDesign replays a design's generated workload through the
// design model, and checks that the configuration's partition target
// decides TL501.
func TestReplayDesign(t *testing.T) {
	dir := repo(t)
	src, err := os.ReadFile("../../testdata/designs/employees.tablelint.yaml")
	if err != nil {
		t.Fatal(err)
	}
	writeFile(t, filepath.Join(dir, "employees.tablelint.yaml"), string(src))

	code, out, errOut := runIn(t, dir, "replay", "--format", "json", "--duration", "3s", "employees.tablelint.yaml")
	if code != 1 || errOut != "" {
		t.Fatalf("exit %d, stderr %q", code, errOut)
	}
	var doc struct {
		Findings []struct{ Rule, File string }
		Queries  []struct {
			Name string
			Plan string
		}
	}
	if err := json.Unmarshal([]byte(out), &doc); err != nil {
		t.Fatal(err)
	}
	if len(doc.Findings) == 0 || doc.Findings[0].Rule != "TL501" || doc.Findings[0].File != "employees.tablelint.yaml" {
		t.Errorf("findings %+v, want TL501 in the design file", doc.Findings)
	}
	plans := map[string]string{}
	for _, q := range doc.Queries {
		plans[q.Name] = q.Plan
	}
	if plans["byId"] != "point" || plans["byName"] != "partition-scan" {
		t.Errorf("query plans %v", plans)
	}

	// A partition target no workload reaches: no finding, exit 0.
	writeFile(t, filepath.Join(dir, ".tablelint.yaml"), "throughput:\n  partitionEntitiesPerSecond: 1000000000\n")
	if code, out, errOut := runIn(t, dir, "replay", "--format", "json", "--duration", "3s", "employees.tablelint.yaml"); code != 0 {
		t.Errorf("with a huge partition target: exit %d, stderr %q\n%s", code, errOut, out)
	}
}
