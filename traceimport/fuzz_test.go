package traceimport

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"
)

// FuzzImport imports arbitrary logs in both formats: it must not panic,
// must count every non-blank line once, and must write only trace lines
// replay reads.
func FuzzImport(f *testing.F) {
	for _, name := range []string{"azure-monitor.jsonl", "storage-analytics-1.0.log", "storage-analytics-2.0.log"} {
		b, err := os.ReadFile(filepath.Join("testdata", name))
		if err != nil {
			f.Fatal(err)
		}
		for _, l := range bytes.Split(b, []byte("\n")) {
			f.Add(l, name[0] == 's')
		}
	}
	f.Add(make([]byte, 70<<10), true) // NULs, no line end, beyond the read buffer (issue 29)
	f.Fuzz(func(t *testing.T, log []byte, analytics bool) {
		format := AzureMonitor
		if analytics {
			format = StorageAnalytics
		}
		var out bytes.Buffer
		sum, err := Import(bytes.NewReader(log), &out, Options{Format: format, File: "fuzz"})
		if err != nil {
			t.Fatal(err)
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
