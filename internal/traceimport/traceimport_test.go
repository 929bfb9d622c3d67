package traceimport

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tablelint/tablelint/engine/replay"
)

var update = flag.Bool("update", false, "rewrite the golden files")

// TestImportGolden imports the test logs — written field for field from
// the published schemas, with escaped URIs, failed and throttled
// requests, a batch, a query's second page, other services' records
// and malformed lines — and compares the trace, the logged statuses
// and the summary with golden files.
func TestImportGolden(t *testing.T) {
	for _, tc := range []struct {
		file   string
		format Format
	}{
		{"azure-monitor.jsonl", AzureMonitor},
		{"storage-analytics-1.0.log", StorageAnalytics},
		{"storage-analytics-2.0.log", StorageAnalytics},
	} {
		t.Run(tc.file, func(t *testing.T) {
			in, err := os.ReadFile(filepath.Join("testdata", tc.file))
			if err != nil {
				t.Fatal(err)
			}
			var out, results bytes.Buffer
			sum, err := Import(bytes.NewReader(in), &out, Options{Format: tc.format, File: tc.file, Results: &results})
			if err != nil {
				t.Fatal(err)
			}
			var got bytes.Buffer
			got.WriteString("-- trace --\n")
			got.Write(out.Bytes())
			got.WriteString("-- results --\n")
			got.Write(results.Bytes())
			fmt.Fprintf(&got, "-- summary --\nlines %d, operations %d, batch actions %d, continuations %d, not operations %d, not executed %d, bad %d\n",
				sum.Lines, sum.Operations, sum.BatchActions, sum.Continuations, sum.NotOperations, sum.NotExecuted, sum.Bad)
			for _, e := range sum.Errors {
				fmt.Fprintln(&got, e)
			}
			golden := filepath.Join("testdata", tc.file+".golden")
			if *update {
				if err := os.WriteFile(golden, got.Bytes(), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(got.Bytes(), want) {
				t.Errorf("import of %s differs from %s:\n%s", tc.file, golden, got.String())
			}
			// Every line is a trace operation replay reads, and every
			// operation has its logged status.
			r := replay.NewReader(bytes.NewReader(out.Bytes()), "imported")
			n := 0
			for {
				var op replay.Op
				err := r.Next(&op)
				if errors.Is(err, io.EOF) {
					break
				}
				if err != nil {
					t.Fatal(err)
				}
				n++
			}
			if n != sum.Operations || n != strings.Count(results.String(), "\n") || n < 10 {
				t.Errorf("%d trace operations, %d results, summary says %d", n, strings.Count(results.String(), "\n"), sum.Operations)
			}
			if sum.Bad != 2 || len(sum.Errors) != 2 {
				t.Errorf("%d bad lines reported, want the 2 in the log", sum.Bad)
			}
		})
	}
}
