package traceimport

import (
	"bytes"
	"encoding/csv"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// FuzzImport imports arbitrary logs in both formats: it must not panic,
// must account for every record, must refuse an input in one line that
// names it, and must write only trace lines replay reads.
func FuzzImport(f *testing.F) {
	for _, name := range []string{"azure-monitor.jsonl", "storage-analytics-1.0.log", "storage-analytics-2.0.log", "storage-analytics-published.log",
		"azure-monitor-la.jsonl", "azure-monitor-az.json", "azure-monitor-pretty.json", "azure-monitor-portal.csv"} {
		b, err := os.ReadFile(filepath.Join("testdata", name))
		if err != nil {
			f.Fatal(err)
		}
		for _, l := range bytes.Split(b, []byte("\n")) {
			f.Add(l, name[0] == 's')
		}
		if len(b) < 8<<10 {
			f.Add(b, name[0] == 's')
		}
	}
	f.Add([]byte("\x1f\x8b\x08\x00"), false) // a cut gzip header
	f.Add([]byte("\xef\xbb\xbf[\n  {\"a\": [{\n}]}\n]"), false)
	f.Add([]byte("OperationName,StatusCode,Uri\n\"x\"\"y,1\n"), false)
	f.Add(make([]byte, 70<<10), true) // NULs, no line end, beyond the read buffer (issue 29)
	f.Fuzz(func(t *testing.T, log []byte, analytics bool) {
		format := AzureMonitor
		if analytics {
			format = StorageAnalytics
		}
		var out bytes.Buffer
		sum, err := Import(bytes.NewReader(log), &out, Options{Format: format, File: "fuzz"})
		if err != nil {
			if msg := err.Error(); !strings.HasPrefix(msg, "fuzz:") || strings.Contains(msg, "\n") {
				t.Fatalf("refusal not one line naming the input: %q", msg)
			}
			return
		}
		got := sum.Bad + sum.NotOperations + sum.NotExecuted + sum.Continuations + sum.BatchActions + sum.Operations - sum.TablesAssumed
		if got < sum.Lines && sum.Bad == 0 {
			// Every line is accounted for (a batch's record is one
			// operation; its actions are counted separately).
			t.Fatalf("%d lines, accounted %+v", sum.Lines, sum)
		}
		countOps(t, out.Bytes())
	})
}

// FuzzSplitCSV: a row encoding/csv writes (quoting fields that hold
// ',', '"' or line ends) splits back into the same fields.
func FuzzSplitCSV(f *testing.F) {
	f.Add("OperationName\x00StatusCode\x00Uri")
	f.Add("If-Match=W/\"datetime'x'\"\x00a,b\x00\x00line\nend")
	f.Fuzz(func(t *testing.T, s string) {
		fields := strings.Split(s, "\x00")
		var buf bytes.Buffer
		w := csv.NewWriter(&buf)
		if err := w.Write(fields); err != nil {
			return // not UTF-8 or another field encoding/csv refuses
		}
		w.Flush()
		row := bytes.TrimSuffix(buf.Bytes(), []byte("\n"))
		got, err := splitCSV(row, nil)
		if err != nil {
			t.Fatalf("%q: %v", row, err)
		}
		if len(got) != len(fields) {
			t.Fatalf("%q: %d fields, want %d", row, len(got), len(fields))
		}
		for i := range got {
			if string(got[i]) != fields[i] {
				t.Fatalf("%q: field %d is %q, want %q", row, i, got[i], fields[i])
			}
		}
	})
}
