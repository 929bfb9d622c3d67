package traceimport

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tablelint/tablelint/internal/golden"
	"github.com/tablelint/tablelint/internal/tracefmt"
)

// TestImportGolden imports the test logs — written field for field from
// the published schemas, with escaped URIs, failed and throttled
// requests, a batch, a query's second page, other services' records
// and malformed lines — and compares the trace, the logged statuses
// and the summary with golden files.
//
// storage-analytics-published.log has the structure of the sample
// entries on Microsoft's "Storage Analytics log format" page
// (learn.microsoft.com/rest/api/storageservices/storage-analytics-log-format,
// versions 1.0 and 2.0), written anew for the Table service: the ETag
// quoted twice (""0x8D…""), an unquoted last-modified time holding a
// comma, quoted user agents holding ';', MD5s, &amp; in URLs, 2.0's
// quoted identity fields and its authorization detail as raw JSON in
// quotes.
func TestImportGolden(t *testing.T) {
	for _, tc := range []struct {
		file   string
		format Format
	}{
		{"azure-monitor.jsonl", AzureMonitor},
		{"storage-analytics-1.0.log", StorageAnalytics},
		{"storage-analytics-2.0.log", StorageAnalytics},
		{"storage-analytics-published.log", StorageAnalytics},
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
			fmt.Fprintf(&got, "-- summary --\nlines %d, operations %d, batch actions %d, continuations %d, not operations %d, not executed %d, tables assumed %d, bad %d\n",
				sum.Lines, sum.Operations, sum.BatchActions, sum.Continuations, sum.NotOperations, sum.NotExecuted, sum.TablesAssumed, sum.Bad)
			for _, e := range sum.Errors {
				fmt.Fprintln(&got, e)
			}
			golden.Check(t, filepath.Join("testdata", tc.file+".golden"), got.Bytes())
			// Every line is a trace operation replay reads, and every
			// operation has its logged status.
			n := countOps(t, out.Bytes())
			wantOps, wantBad := 10, 2
			if tc.file == "storage-analytics-published.log" {
				// Every line read: the ETag quoted twice (""0x8D…""), a
				// user agent holding ';', 2.0's raw JSON authorization
				// detail; the blob line is counted, not imported.
				wantOps, wantBad = 6, 0
			}
			if n != sum.Operations || n != strings.Count(results.String(), "\n") || n < wantOps {
				t.Errorf("%d trace operations, %d results, summary says %d", n, strings.Count(results.String(), "\n"), sum.Operations)
			}
			if sum.Bad != wantBad || len(sum.Errors) != wantBad {
				t.Errorf("%d bad lines reported, want the %d in the log: %v", sum.Bad, wantBad, sum.Errors)
			}
		})
	}
}

// TestImportAssumesTables checks that a table used without a logged
// CreateTable is created by the trace before its first use.
func TestImportAssumesTables(t *testing.T) {
	log := `{"time":"2026-11-02T10:00:00Z","operationName":"QueryEntity","statusCode":200,"uri":"https://a.table.core.windows.net/Users(PartitionKey='p',RowKey='r')","properties":{"serviceType":"table"}}
{"time":"2026-11-02T10:00:01Z","operationName":"DeleteEntity","statusCode":204,"uri":"https://a.table.core.windows.net/users(PartitionKey='p',RowKey='r')","properties":{"serviceType":"table","conditionsUsed":"If-Match=W/\"x\""}}
`
	var out, res bytes.Buffer
	sum, err := Import(strings.NewReader(log), &out, Options{Format: AzureMonitor, File: "x", Results: &res})
	if err != nil {
		t.Fatal(err)
	}
	want := `{"op":"createTable","t":0,"table":"Users"}
{"op":"get","t":0,"table":"Users","pk":"p","rk":"r"}
{"op":"delete","t":1,"table":"users","pk":"p","rk":"r","ifMatch":"*"}
`
	if out.String() != want || sum.TablesAssumed != 1 || !strings.Contains(res.String(), `{"i":0,"status":201,"synthetic":true}`) {
		t.Errorf("got\n%s%s%+v", out.String(), res.String(), sum)
	}
}

// TestImportLongLines checks lines longer than the read buffer: one
// that fits the line limit is read, one past it is reported and
// skipped, and the lines after both are read.
func TestImportLongLines(t *testing.T) {
	rec := func(filter string) string {
		return `{"time":"2026-11-02T10:00:00Z","operationName":"QueryEntities","statusCode":200,"uri":"https://a.table.core.windows.net/T()?$filter=` + filter + `"}` + "\n"
	}
	long := "RowKey%20eq%20'" + strings.Repeat("x", 200_000) + "'"
	log := rec(long) + rec(strings.Repeat("y", 2<<20)) + rec("RowKey%20eq%20'z'")
	var out bytes.Buffer
	sum, err := Import(strings.NewReader(log), &out, Options{Format: AzureMonitor, File: "long"})
	if err != nil {
		t.Fatal(err)
	}
	if sum.Operations != 3 || sum.Bad != 1 || !strings.Contains(sum.Errors[0].Error(), "long:2: line is longer than") {
		t.Errorf("summary %+v", sum)
	}
	if !strings.Contains(out.String(), strings.Repeat("x", 200_000)) || !strings.Contains(out.String(), "RowKey eq 'z'") {
		t.Errorf("long or following line not imported")
	}
}

// countOps reads a trace as replay does and returns its operations.
func countOps(t *testing.T, trace []byte) int {
	t.Helper()
	r := tracefmt.NewReader(bytes.NewReader(trace), "imported")
	for n := 0; ; n++ {
		var op tracefmt.Op
		err := r.Next(&op)
		if errors.Is(err, io.EOF) {
			return n
		}
		if err != nil {
			t.Fatalf("import wrote a line replay cannot read: %v\n%s", err, trace)
		}
	}
}

type zeros struct{}

func (zeros) Read(p []byte) (int, error) { clear(p); return len(p), nil }

// TestImportNoLineEnds: an endless input without a line end (/dev/zero)
// is refused after a bound, not read forever.
func TestImportNoLineEnds(t *testing.T) {
	for _, f := range []Format{StorageAnalytics, AzureMonitor} {
		_, err := Import(zeros{}, io.Discard, Options{Format: f, File: "zero"})
		if err == nil || !strings.Contains(err.Error(), "zero:1: no line end in the first") {
			t.Errorf("%v: %v, want a refusal", f, err)
		}
	}
}
