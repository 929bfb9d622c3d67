package main

import (
	"bytes"
	"compress/gzip"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

const importLog = "../../traceimport/testdata/storage-analytics-2.0.log"

// TestTraceImport imports a log to a file, replays the trace and
// compares the replay's statuses with the logged ones.
func TestTraceImport(t *testing.T) {
	dir := t.TempDir()
	tr, logged, replayed := filepath.Join(dir, "t.jsonl"), filepath.Join(dir, "logged.jsonl"), filepath.Join(dir, "replayed.jsonl")
	code, out, errs := replayCmd(t, "trace", "import", "--from", "storage-analytics", "-o", tr, "--results", logged, importLog)
	if code != 0 || out != "" {
		t.Fatalf("trace import: exit %d\n%s\n%s", code, out, errs)
	}
	for _, want := range []string{
		"storage-analytics-2.0.log:5: version 2.0 entry has 11 fields, want 38 (record skipped)",
		"storage-analytics-2.0.log:9: unknown log version \"3.0\" (want 1.0 or 2.0) (record skipped)",
		"19 records: 12 trace operations", "2 bad records skipped",
	} {
		if !strings.Contains(errs, want) {
			t.Errorf("stderr lacks %q:\n%s", want, errs)
		}
	}
	if n := strings.Count(readFile(t, tr), "\n"); n != 12 {
		t.Errorf("trace has %d lines, want 12", n)
	}
	if code, out, errs = replayCmd(t, "replay", "--trace", tr, "--results", replayed); code != 0 {
		t.Fatalf("replay of the imported trace: exit %d\n%s\n%s", code, out, errs)
	}
	// The log's first insert succeeded and its second failed with 409
	// (the same entity); imported inserts get keys of their own, so the
	// second succeeds on replay — the one documented difference here.
	code, out, _ = replayCmd(t, "trace", "compare", logged, replayed)
	if code != 1 || !strings.Contains(out, "operation 2: status 409 vs 201") {
		t.Errorf("trace compare: exit %d\n%s", code, out)
	}
	if code, out, _ = replayCmd(t, "trace", "compare", logged, logged); code != 0 || !strings.Contains(out, ": 0 differ") {
		t.Errorf("trace compare of a file with itself: exit %d\n%s", code, out)
	}
}

// TestTraceImportRefusesInput checks that -o never overwrites the log,
// and that usage errors exit 2 with one line.
func TestTraceImportErrors(t *testing.T) {
	dir := t.TempDir()
	log := filepath.Join(dir, "in.log")
	data, err := os.ReadFile(importLog)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(log, data, 0o644); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{
		{"trace", "import", "--from", "storage-analytics", "-o", log, log},
		{"trace", "import", "--from", "storage-analytics", "--results", log, log},
		{"trace", "import", log},
		{"trace", "import", "--from", "w3c", log},
		{"trace", "import", "--from", "azure-monitor", filepath.Join(dir, "missing.log")},
		{"trace", "frobnicate"},
		{"trace", "compare", log},
		{"trace", "import", "--from", "storage-analytics", "--results", "-", log}, // stdout twice
	} {
		code, _, errs := replayCmd(t, args...)
		if code != 2 || strings.Count(errs, "\n") != 1 {
			t.Errorf("%v: exit %d, stderr %q; want exit 2 and one line", args, code, errs)
		}
	}
	if got, _ := os.ReadFile(log); string(got) != string(data) {
		t.Error("the input log was changed")
	}
	// A log with nothing to import (every line bad) exits 2.
	bad := filepath.Join(dir, "bad.jsonl")
	if err := os.WriteFile(bad, []byte("{\"x\":\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if code, _, errs := replayCmd(t, "trace", "import", "--from", "azure-monitor", bad); code != 2 || !strings.Contains(errs, "bad.jsonl:1:") {
		t.Errorf("all-bad log: exit %d\n%s", code, errs)
	}
	entries, _ := os.ReadDir(dir)
	for _, e := range entries {
		if strings.Contains(e.Name(), ".tmp") {
			t.Errorf("temporary file %s left behind", e.Name())
		}
	}
}

// TestTraceImportStdout: -o - writes the trace to standard output and
// creates no file named "-".
func TestTraceImportStdout(t *testing.T) {
	dir := t.TempDir()
	abs, err := filepath.Abs(importLog)
	if err != nil {
		t.Fatal(err)
	}
	var out, errb bytes.Buffer
	code := run(&env{stdin: strings.NewReader(""), stdout: &out, stderr: &errb, dir: dir}, []string{"trace", "import", "--from", "storage-analytics", "-o", "-", abs})
	if code != 0 || strings.Count(out.String(), "\n") != 12 || !strings.HasPrefix(out.String(), `{"op":"createTable"`) {
		t.Errorf("exit %d, stdout:\n%s\nstderr:\n%s", code, out.String(), errb.String())
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 0 {
		t.Errorf("files written beside: %v", entries)
	}
}

// TestTraceImportForms: the command reads a gzip-compressed CSV export
// (named .csv.gz) and an az monitor log-analytics query array given on
// standard input.
func TestTraceImportForms(t *testing.T) {
	dir := t.TempDir()
	csv, err := os.ReadFile("../../traceimport/testdata/azure-monitor-portal.csv")
	if err != nil {
		t.Fatal(err)
	}
	var zb bytes.Buffer
	zw := gzip.NewWriter(&zb)
	zw.Write(csv)
	zw.Close()
	gz := filepath.Join(dir, "StorageTableLogs.csv.gz")
	if err := os.WriteFile(gz, zb.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, errs := replayCmd(t, "trace", "import", "--from", "azure-monitor", gz)
	if code != 0 || strings.Count(out, "\n") != 8 || !strings.Contains(errs, "11 records: 8 trace operations") || !strings.Contains(errs, "0 bad records skipped") {
		t.Errorf("csv.gz: exit %d\n%s\n%s", code, out, errs)
	}
	az, err := os.ReadFile("../../traceimport/testdata/azure-monitor-az.json")
	if err != nil {
		t.Fatal(err)
	}
	var o, e bytes.Buffer
	code = run(&env{stdin: bytes.NewReader(az), stdout: &o, stderr: &e, dir: dir}, []string{"trace", "import", "--from", "azure-monitor", "-"})
	if code != 0 || o.String() != out {
		t.Errorf("az array on stdin: exit %d, trace differs from the CSV's:\n%s\n%s", code, o.String(), e.String())
	}
}

// TestTraceImportRefused: inputs that are not logs exit 2 with one line
// naming the file, and write nothing.
func TestTraceImportRefused(t *testing.T) {
	dir := t.TempDir()
	for name, data := range map[string][]byte{
		"cut.gz":     {0x1f, 0x8b, 0x08, 0x00, 0x00},
		"utf16.json": {0xff, 0xfe, '[', 0, ']', 0},
		"notes.csv":  []byte("when,what\nmonday,lunch\n"),
	} {
		in := filepath.Join(dir, name)
		if err := os.WriteFile(in, data, 0o644); err != nil {
			t.Fatal(err)
		}
		outp := filepath.Join(dir, name+".trace")
		code, out, errs := replayCmd(t, "trace", "import", "--from", "azure-monitor", "-o", outp, in)
		if code != 2 || out != "" || strings.Count(errs, "\n") != 1 || !strings.Contains(errs, name) {
			t.Errorf("%s: exit %d\n%s\n%s", name, code, out, errs)
		}
		if _, err := os.Stat(outp); err == nil {
			t.Errorf("%s: %s written", name, outp)
		}
	}
}

// TestTraceImportReplaysClean: a log of inserts (the keys are in their
// bodies, which no log records) and successful batches of inserts
// replays without findings: no batch across partitions (TL403), no
// key-order findings (TL204, TL209) on the placeholder keys.
func TestTraceImportReplaysClean(t *testing.T) {
	dir := t.TempDir()
	var log strings.Builder
	rec := func(sec int, op string, status int, uri, corr string) {
		fmt.Fprintf(&log, `{"time":"2026-11-02T10:%02d:%02dZ","operationName":"%s","statusCode":%d,"uri":"https://a.table.core.windows.net/%s","correlationId":"%s","properties":{"serviceType":"table","requestBodySize":120}}`+"\n",
			sec/60, sec%60, op, status, uri, corr)
	}
	for i := range 150 {
		rec(i, "InsertEntity", 204, "Orders", fmt.Sprintf("i%d", i))
	}
	for b := range 3 {
		id := fmt.Sprintf("b%d", b)
		rec(200+b, "EntityGroupTransaction", 202, "$batch", id)
		for range 4 {
			rec(200+b, "InsertEntity", 204, "Orders", id)
		}
	}
	in, tr, logged, replayed := filepath.Join(dir, "in.jsonl"), filepath.Join(dir, "t.jsonl"), filepath.Join(dir, "logged.jsonl"), filepath.Join(dir, "replayed.jsonl")
	if err := os.WriteFile(in, []byte(log.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	if code, out, errs := replayCmd(t, "trace", "import", "--from", "azure-monitor", "-o", tr, "--results", logged, in); code != 0 {
		t.Fatalf("import: exit %d\n%s\n%s", code, out, errs)
	}
	code, out, errs := replayCmd(t, "replay", "--trace", tr, "--results", replayed)
	if code != 0 || strings.Contains(out, "TL4") || strings.Contains(out, "TL2") {
		t.Errorf("replay of the imported log: exit %d\n%s\n%s", code, out, errs)
	}
	if code, out, _ := replayCmd(t, "trace", "compare", logged, replayed); code != 0 {
		t.Errorf("compare: exit %d\n%s", code, out)
	}
}
