package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
)

// TestReplayNeverOverwritesInputs names an input, through a plain path,
// "..", and a symbolic link, as --results or --svg: replay refuses with
// exit 2 and the input is unchanged.
func TestReplayNeverOverwritesInputs(t *testing.T) {
	dir := t.TempDir()
	trace := filepath.Join(dir, "t.jsonl")
	writeFile(t, trace, readFile(t, replaySmall))
	design := filepath.Join(dir, "d.tablelint.yaml")
	writeFile(t, design, readFile(t, "../../testdata/designs/employees.tablelint.yaml"))
	if err := os.Mkdir(filepath.Join(dir, "sub"), 0o755); err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(dir, "link.jsonl")
	if err := os.Symlink(trace, link); err != nil {
		t.Fatal(err)
	}
	dotdot := filepath.Join(dir, "sub", "..", "t.jsonl")
	for _, tc := range []struct {
		args []string
		msg  string
	}{
		{[]string{"replay", "--trace", trace, "--results", trace}, "--results " + trace + " is the trace"},
		{[]string{"replay", "--trace", trace, "--svg", trace}, "is the trace"},
		{[]string{"replay", "--trace", trace, "--results", dotdot}, "is the trace"},
		{[]string{"replay", "--trace", trace, "--results", link}, "is the trace"},
		{[]string{"replay", "--trace", link, "--svg", trace}, "is the trace"},
		{[]string{"replay", "--duration", "1s", design, "--results", design}, "is the design"},
		{[]string{"replay", "--trace", trace, "--results", filepath.Join(dir, "o"), "--svg", filepath.Join(dir, "sub", "..", "o")}, "name the same file"},
		{[]string{"replay", "--trace", trace, "--results", filepath.Join(dir, "sub")}, "is a directory"},
		{[]string{"replay", "--trace", trace, "--svg", filepath.Join(dir, "missing", "h.svg")}, "--svg: " + filepath.Join(dir, "missing", "h.svg") + ": no such file or directory"},
	} {
		code, out, errs := replayCmd(t, tc.args...)
		if code != 2 || !strings.Contains(errs, tc.msg) || strings.Count(errs, "\n") != 1 || out != "" {
			t.Errorf("%v: exit %d stdout %q stderr %q, want exit 2 and %q", tc.args, code, out, errs, tc.msg)
		}
	}
	if got := readFile(t, trace); got != readFile(t, replaySmall) {
		t.Errorf("the trace was changed")
	}
	if got := readFile(t, design); got != readFile(t, "../../testdata/designs/employees.tablelint.yaml") {
		t.Errorf("the design was changed")
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 4 {
		t.Errorf("replay left files behind: %v", entries)
	}
}

// TestReplayFailureKeepsOutputs: a trace that turns out bad halfway
// leaves existing --results and --svg files as they were, and no
// temporary files.
func TestReplayFailureKeepsOutputs(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.jsonl")
	writeFile(t, bad, readFile(t, replaySmall)+"{\"op\":\"get\",\n")
	results, svg := filepath.Join(dir, "r.jsonl"), filepath.Join(dir, "h.svg")
	writeFile(t, results, "old results\n")
	writeFile(t, svg, "old svg\n")
	code, _, errs := replayCmd(t, "replay", "--trace", bad, "--results", results, "--svg", svg)
	if code != 2 || errs == "" {
		t.Fatalf("bad trace: exit %d, stderr %q", code, errs)
	}
	if readFile(t, results) != "old results\n" || readFile(t, svg) != "old svg\n" {
		t.Errorf("a failed replay changed its outputs")
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 3 {
		t.Errorf("temporary files left: %v", entries)
	}
}

// TestReplayResultsStdout: --results - writes the results to stdout and
// the report to stderr, and creates no file named "-".
func TestReplayResultsStdout(t *testing.T) {
	dir := t.TempDir()
	code, out, errs := runIn(t, dir, "replay", "--trace", filepath.Join(mustAbs(t, replaySmall)), "--results", "-")
	if code != 1 { // the trace's invalid operations
		t.Fatalf("exit %d, stderr %q", code, errs)
	}
	if n := strings.Count(out, "\n"); n != 25 || !strings.HasPrefix(out, `{"i":0,`) {
		t.Errorf("stdout has %d lines, want the 25 results:\n%s", n, out)
	}
	if !strings.Contains(errs, "8 findings: 3 errors, 5 infos") {
		t.Errorf("report not on stderr: %q", errs)
	}
	if _, err := os.Stat(filepath.Join(dir, "-")); err == nil {
		t.Errorf("created a file named -")
	}
}

func mustAbs(t *testing.T, p string) string {
	t.Helper()
	a, err := filepath.Abs(p)
	if err != nil {
		t.Fatal(err)
	}
	return a
}

// TestReplayInterrupt sends SIGINT, SIGTERM and SIGHUP to a replay that waits for
// its trace on stdin: it exits 130 with one line and leaves no output.
func TestReplayInterrupt(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary")
	}
	bin := buildTablelint(t)
	for _, sig := range []syscall.Signal{syscall.SIGINT, syscall.SIGTERM, syscall.SIGHUP} {
		dir := t.TempDir()
		results := filepath.Join(dir, "r.jsonl")
		cmd := exec.Command(bin, "replay", "--trace", "-", "--results", results, "--svg", filepath.Join(dir, "h.svg"))
		stdin, err := cmd.StdinPipe()
		if err != nil {
			t.Fatal(err)
		}
		var stdout, stderr bytes.Buffer
		cmd.Stdout, cmd.Stderr = &stdout, &stderr
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		// Some operations, then the trace stalls mid-stream.
		if _, err := stdin.Write([]byte(readFile(t, replaySmall))); err != nil {
			t.Fatal(err)
		}
		// The temporary outputs exist once the signal handler is in
		// place: wait for them (a slow start must not make the test flaky).
		for deadline := time.Now().Add(60 * time.Second); ; time.Sleep(20 * time.Millisecond) {
			if tmp, _ := filepath.Glob(filepath.Join(dir, ".*.tmp")); len(tmp) == 2 {
				break
			}
			if time.Now().After(deadline) {
				t.Fatal("replay did not start")
			}
		}
		time.Sleep(100 * time.Millisecond)
		if err := cmd.Process.Signal(sig); err != nil {
			t.Fatal(err)
		}
		err = cmd.Wait()
		stdin.Close()
		var ee *exec.ExitError
		if !errors.As(err, &ee) || ee.ExitCode() != 130 {
			t.Errorf("%v: %v, want exit 130", sig, err)
		}
		if stderr.String() != "tablelint: replay interrupted; no output written\n" || stdout.Len() != 0 {
			t.Errorf("%v: stdout %q stderr %q", sig, stdout.String(), stderr.String())
		}
		if entries, _ := os.ReadDir(dir); len(entries) != 0 {
			t.Errorf("%v: files left: %v", sig, entries)
		}
	}
}

// TestReplayRateFlags: NaN, infinite, negative and absurd rates are
// refused with the flag's name.
func TestReplayRateFlags(t *testing.T) {
	for _, tc := range []struct{ flag, value, msg string }{
		{"--partition-rate", "NaN", "--partition-rate must be a finite number"},
		{"--partition-rate", "Inf", "--partition-rate must be a finite number"},
		{"--account-rate", "NaN", "--account-rate must be a finite number"},
		{"--account-rate", "-Inf", "--account-rate must be a finite number"},
		{"--scan-rate", "NaN", "--scan-rate must be a finite number"},
		{"--scan-rate", "-1", "--scan-rate must not be negative"},
		{"--partition-rate", "1e300", "--partition-rate 1e+300 is more than"},
		{"--max-trace-bytes", "-1", "--max-trace-bytes must not be negative"},
	} {
		code, out, errs := replayCmd(t, "replay", "--trace", replaySmall, tc.flag, tc.value)
		if code != 2 || !strings.Contains(errs, tc.msg) || out != "" {
			t.Errorf("%s %s: exit %d stdout %q stderr %q, want %q", tc.flag, tc.value, code, out, errs, tc.msg)
		}
	}
	code, _, errs := replayCmd(t, "review", "--partition-target", "NaN", "../../testdata/designs/employees.tablelint.yaml")
	if code != 2 || !strings.Contains(errs, "--partition-target must be a finite number") {
		t.Errorf("review --partition-target NaN: exit %d, %q", code, errs)
	}
}

// TestReplayFractionalRate: a fractional --partition-rate is shown as
// given and findings point at the line that went over it.
func TestReplayFractionalRate(t *testing.T) {
	code, out, _ := replayCmd(t, "replay", "--trace", replaySmall, "--partition-rate", "0.5")
	if code != 1 || !strings.Contains(out, "over the target of 0.5/s") || strings.Contains(out, "target 0 ") {
		t.Errorf("exit %d\n%s", code, out)
	}
	for _, line := range strings.Split(out, "\n") {
		if strings.Contains(line, "TL501") && strings.Contains(line, ":1:1:") {
			t.Errorf("TL501 at line 1 (no operation there went over): %s", line)
		}
	}
}

// TestTerminalControlEscaped: ESC and BEL in a design's templates and
// names, and in a trace's table names and keys, reach text output as
// escapes.
func TestTerminalControlEscaped(t *testing.T) {
	dir := t.TempDir()
	design := `version: 1
tables:
  Logs:
    entities:
      Event:
        partitionKey: "\e]0;pwned\a{Source}"
        rowKey: "\e[2J{seq}"
        properties: {Source: {type: String, maxLength: 10, cardinality: 3}}
        count: 10
    queries:
      q: {filter: "PartitionKey eq '\e[2J'", rate: 1/s}
`
	writeFile(t, filepath.Join(dir, "d.tablelint.yaml"), design)
	trace := `{"op":"createTable","table":"T\u001b[2J"}
{"op":"insert","table":"T\u001b[2J","entity":{"PartitionKey":"\u001b]0;x\u0007","RowKey":"1"}}
{"op":"query","table":"T\u001b[2J","filter":"PartitionKey eq '\u001b]0;x\u0007'","name":"n\u001b[31m"}
`
	writeFile(t, filepath.Join(dir, "t.jsonl"), trace)
	for _, args := range [][]string{
		{"review", "d.tablelint.yaml"},
		{"replay", "--duration", "2s", "d.tablelint.yaml"},
		{"replay", "--trace", "t.jsonl", "--partition-rate", "0.5"},
	} {
		code, out, errs := runIn(t, dir, args...)
		if code == 2 {
			t.Errorf("%v: exit 2: %s", args, errs)
		}
		if strings.ContainsAny(out+errs, "\x1b\x07") {
			t.Errorf("%v: raw control characters in output:\n%q\n%q", args, out, errs)
		}
	}
}

// TestReplaySmallerOnes: a design whose table cannot exist is an error,
// not 1,200 answers 404; a trace starting with a UTF-8 BOM replays.
func TestReplaySmallerOnes(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, filepath.Join(dir, "d.tablelint.yaml"), "version: 1\ntables:\n  my-table:\n    entities:\n      E:\n        partitionKey: \"p\"\n        rowKey: \"{seq}\"\n        count: 10\n        writes: 20/s\n")
	code, out, errs := runIn(t, dir, "replay", "--duration", "2s", "d.tablelint.yaml")
	if code != 2 || out != "" || !strings.Contains(errs, `d.tablelint.yaml: table "my-table" cannot be created`) {
		t.Errorf("impossible table: exit %d\n%s\n%s", code, out, errs)
	}
	writeFile(t, filepath.Join(dir, "bom.jsonl"), "\xef\xbb\xbf"+readFile(t, replaySmall))
	if code, out, errs := runIn(t, dir, "replay", "--trace", "bom.jsonl"); code != 1 || !strings.Contains(out, "8 findings") {
		t.Errorf("trace with a BOM: exit %d, %s%s", code, out, errs)
	}
}

// TestSARIFAlwaysComplete: an input error after the pipeline started
// (a bad trace line, a missing design, an invalid filter) still writes a
// complete SARIF or JSON document holding the error, and exits 2.
func TestSARIFAlwaysComplete(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, filepath.Join(dir, "bad.jsonl"), "{\"op\":\"createTable\",\"table\":\"T1\"}\n{\"op\":\"insert\",\"table\":\"T1\",\"entity\":{\"PartitionKey\":\"a\",}}\n")
	for _, args := range [][]string{
		{"replay", "--format", "sarif", "--trace", "bad.jsonl"},
		{"replay", "--format", "sarif", "missing.tablelint.yaml"},
		{"explain", "--format", "sarif", "A eq 1 and and B eq 2"},
		{"review", "--format", "sarif", "missing.tablelint.yaml"},
	} {
		code, out, errs := runIn(t, dir, args...)
		var log struct {
			Runs []struct {
				Invocations []struct {
					ExecutionSuccessful        bool `json:"executionSuccessful"`
					ToolExecutionNotifications []struct {
						Message   struct{ Text string }
						Locations []struct {
							PhysicalLocation struct {
								Region struct{ StartLine, StartColumn int }
							}
						}
					} `json:"toolExecutionNotifications"`
				}
			}
		}
		if err := json.Unmarshal([]byte(out), &log); err != nil || code != 2 || len(log.Runs) != 1 ||
			len(log.Runs[0].Invocations) != 1 || log.Runs[0].Invocations[0].ExecutionSuccessful ||
			len(log.Runs[0].Invocations[0].ToolExecutionNotifications) != 1 || errs == "" {
			t.Errorf("%v: exit %d err %v stderr %q\n%s", args, code, err, errs, out)
			continue
		}
		if args[3] == "bad.jsonl" {
			n := log.Runs[0].Invocations[0].ToolExecutionNotifications[0]
			if len(n.Locations) != 1 || n.Locations[0].PhysicalLocation.Region.StartLine != 2 || n.Locations[0].PhysicalLocation.Region.StartColumn != 58 {
				t.Errorf("bad trace notification %+v", n)
			}
		}
	}
}

var built struct {
	sync.Once
	bin string
	err error
	out []byte
}

// buildTablelint builds the command once for the tests that run it as a
// process (to send it signals, or as go vet's -vettool).
func buildTablelint(t *testing.T) string {
	t.Helper()
	built.Do(func() {
		dir, err := os.MkdirTemp("", "tablelint-bin-")
		if err != nil {
			built.err = err
			return
		}
		built.bin = filepath.Join(dir, "tablelint")
		built.out, built.err = exec.Command("go", "build", "-o", built.bin, ".").CombinedOutput()
	})
	if built.err != nil {
		t.Fatalf("go build: %v\n%s", built.err, built.out)
	}
	return built.bin
}
