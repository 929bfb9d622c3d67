package traceimport

import (
	"bytes"
	"compress/gzip"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tablelint/tablelint/internal/golden"
	"github.com/tablelint/tablelint/internal/tablerest"
	"github.com/tablelint/tablelint/internal/tracefmt"
)

func gz(t *testing.T, b []byte) []byte {
	t.Helper()
	var buf bytes.Buffer
	zw := gzip.NewWriter(&buf)
	if _, err := zw.Write(b); err != nil {
		t.Fatal(err)
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

func importAll(t *testing.T, name string, in []byte, f Format) string {
	t.Helper()
	var out, res bytes.Buffer
	sum, err := Import(bytes.NewReader(in), &out, Options{Format: f, File: name, Results: &res})
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	s := fmt.Sprintf("-- trace --\n%s-- results --\n%s-- summary --\nrecords %d, operations %d, batch actions %d, not operations %d, bad %d\n",
		out.String(), res.String(), sum.Lines, sum.Operations, sum.BatchActions, sum.NotOperations, sum.Bad)
	for _, e := range sum.Errors {
		s += e.Error() + "\n"
	}
	return s
}

// TestImportForms imports the same eleven StorageTableLogs records in
// every form a user gets them from Azure — JSON lines exported from Log
// Analytics, the pretty-printed array `az monitor log-analytics query`
// prints (every value a string), pretty-printed records one after
// another (with a nested array of objects), and the portal's CSV export
// (a byte-order mark, "TimeGenerated [UTC]" in US order, quoted fields
// holding commas and doubled quotes) — each also gzip-compressed and
// with a byte-order mark: every one gives the same trace.
func TestImportForms(t *testing.T) {
	want := ""
	for _, name := range []string{"azure-monitor-la.jsonl", "azure-monitor-az.json", "azure-monitor-pretty.json", "azure-monitor-portal.csv"} {
		b, err := os.ReadFile(filepath.Join("testdata", name))
		if err != nil {
			t.Fatal(err)
		}
		plain := bytes.TrimPrefix(b, []byte("\xef\xbb\xbf"))
		for _, v := range []struct {
			how string
			in  []byte
		}{
			{"", b},
			{" with a BOM", append([]byte("\xef\xbb\xbf"), plain...)},
			{" gzip", gz(t, b)},
			{" gzip with a BOM", gz(t, append([]byte("\xef\xbb\xbf"), plain...))},
		} {
			got := importAll(t, name+v.how, v.in, AzureMonitor)
			if want == "" {
				want = got
				golden.Check(t, filepath.Join("testdata", "azure-monitor-forms.golden"), []byte(got))
				if !strings.Contains(got, "records 11, operations 8, batch actions 2, not operations 1, bad 0") {
					t.Errorf("summary:\n%s", got)
				}
				continue
			}
			if got != want {
				t.Errorf("%s%s: trace differs from the JSON lines':\n%s\nwant\n%s", name, v.how, got, want)
			}
		}
	}
}

// TestImportBatchKeys: a batch acts on one partition, so inserts whose
// keys the log lacks take the PartitionKey of the batch's other actions,
// or share one placeholder partition when no action's keys are known —
// never a partition each, which replay would refuse as a batch across
// partitions (a false TL403).
func TestImportBatchKeys(t *testing.T) {
	rec := func(op, uri, corr string) string {
		return `{"time":"2026-11-02T10:00:00Z","operationName":"` + op + `","statusCode":202,"uri":"https://a.table.core.windows.net/` + uri + `","correlationId":"` + corr + `","properties":{"serviceType":"table","requestBodySize":90}}` + "\n"
	}
	log := rec("EntityGroupTransaction", "$batch", "b1") + rec("InsertEntity", "T", "b1") + rec("InsertEntity", "T", "b1") + rec("DeleteEntity", "T(PartitionKey='p7',RowKey='r')", "b1") +
		rec("EntityGroupTransaction", "$batch", "b2") + rec("InsertEntity", "T", "b2") + rec("InsertEntity", "T", "b2") + rec("InsertEntity", "T", "b2")
	var out bytes.Buffer
	sum, err := Import(strings.NewReader(log), &out, Options{Format: AzureMonitor, File: "b"})
	if err != nil || sum.Bad != 0 {
		t.Fatalf("%v %+v", err, sum)
	}
	r := tracefmt.NewReader(bytes.NewReader(out.Bytes()), "b")
	var batches int
	for {
		var op tracefmt.Op
		if r.Next(&op) != nil {
			break
		}
		if op.Kind != tracefmt.Batch {
			continue
		}
		batches++
		pks, rks := map[string]bool{}, map[string]bool{}
		for _, a := range op.Actions {
			k := [2]string{a.PK, a.RK}
			if a.Entity != nil {
				k = tablerest.EntityKeys(a.Entity)
			}
			pks[k[0]], rks[k[1]] = true, true
		}
		if len(pks) != 1 || len(rks) != len(op.Actions) {
			t.Errorf("batch %d: PartitionKeys %v, RowKeys %v; want one partition, a RowKey each", batches, pks, rks)
		}
		if batches == 1 && !pks["p7"] {
			t.Errorf("first batch's inserts are not in the partition of its delete: %v", pks)
		}
	}
	if batches != 2 {
		t.Errorf("%d batches", batches)
	}
}

// TestUnknownKey: placeholder keys differ for every record and hold no
// digit, so replay's key-order findings cannot fire on them.
func TestUnknownKey(t *testing.T) {
	seen := map[string]bool{}
	for i := 1; i <= 100_000; i++ {
		k := unknownKey(i)
		if seen[k] || len(k) != 8 || k[0] != '~' || strings.ContainsAny(k, "0123456789") {
			t.Fatalf("record %d: key %q (repeated or not ~ and 7 letters)", i, k)
		}
		seen[k] = true
	}
}

// TestImportJSONErrors: a bad record in pretty-printed JSON is reported
// at the line and column of what is wrong in it, and the records around
// it are read; a JSON-lines record cut short does not swallow the next.
func TestImportJSONErrors(t *testing.T) {
	ok := `{"TimeGenerated": "2026-11-02T10:00:00Z", "OperationName": "QueryEntity", "StatusCode": "200", "Uri": "https://a.table.core.windows.net/Tab(PartitionKey='p',RowKey='r')"}`
	for _, tc := range []struct {
		name, log string
		want      []string
		ops       int
	}{
		{"array", "[\n  " + ok + ",\n  {\n    \"OperationName\": \"QueryEntity\",\n    \"StatusCode\": \"OK\",\n    \"Uri\": \"x\"\n  },\n  " + ok + "\n]\n",
			[]string{"array:3: statusCode \"OK\" is not an HTTP status"}, 3},
		{"field", "[\n  {\n    \"OperationName\": \"QueryEntity\",\n    \"RequestBodySize\": \"many\",\n    \"StatusCode\": \"200\"\n  }\n]\n",
			[]string{"field:4:24: field \"RequestBodySize\": strconv.ParseInt: parsing \"many\": invalid syntax"}, 0},
		{"cut", ok[:60] + "\n" + ok + "\n", []string{"cut:1:60: unterminated string"}, 2},
		{"cut2", "{\"OperationName\": \"QueryEntity\",\n" + ok + "\n", []string{"cut2:1:1: the record ends before its closing '}'"}, 2},
		{"junk", ok + "\nnot json\n" + ok + "\n", []string{"junk:2:1: want a JSON object (a record), not \"not json\""}, 3},
		{"end", ok + "\n{\n  \"a\": [\n", []string{"end:2:1: the log ends inside this record"}, 2},
		{"string", "{\"a\": \"b\n\"}\n" + ok + "\n", []string{"string:1:7: unterminated string", "string:2:1: want a JSON object (a record), not \"\\\"}\""}, 2},
	} {
		var out bytes.Buffer
		sum, err := Import(strings.NewReader(tc.log), &out, Options{Format: AzureMonitor, File: tc.name})
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		var got []string
		for _, e := range sum.Errors {
			got = append(got, e.Error())
		}
		if strings.Join(got, "\n") != strings.Join(tc.want, "\n") || sum.Operations != tc.ops {
			t.Errorf("%s: %d operations, errors\n%s\nwant %d,\n%s", tc.name, sum.Operations, strings.Join(got, "\n"), tc.ops, strings.Join(tc.want, "\n"))
		}
	}
}

// TestImportWrapped: resource logs wrapped as {"records":[…]} (Event
// Hubs, storage archives before November 2018) give the same trace as
// the JSON lines of the same records; a bad record inside is reported
// at its own line.
func TestImportWrapped(t *testing.T) {
	b, err := os.ReadFile(filepath.Join("testdata", "azure-monitor-la.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(string(b)), "\n")
	want := importAll(t, "w", b, AzureMonitor)
	for _, sep := range []string{",", ",\n    "} {
		wrapped := `{"records": [` + strings.Join(lines, sep) + "]}\n"
		if got := importAll(t, "w", []byte(wrapped), AzureMonitor); got != want {
			t.Errorf("wrapped (%q):\n%s\nwant\n%s", sep, got, want)
		}
	}
	bad := "{\"records\": [\n  " + lines[0] + ",\n  {\"OperationName\": \"QueryEntity\", \"StatusCode\": \"OK\", \"Uri\": \"x\"}\n]}\n"
	var out bytes.Buffer
	sum, err := Import(strings.NewReader(bad), &out, Options{Format: AzureMonitor, File: "w"})
	if err != nil || sum.Lines != 2 || sum.Bad != 1 || sum.Errors[0].Error() != `w:3: statusCode "OK" is not an HTTP status` {
		t.Errorf("%v %+v", err, sum)
	}
}
