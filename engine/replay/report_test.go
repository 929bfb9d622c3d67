package replay

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tablelint/tablelint/internal/finding"
	"github.com/tablelint/tablelint/internal/golden"
	"github.com/tablelint/tablelint/internal/report"
	"github.com/tablelint/tablelint/internal/rules"
	"github.com/tablelint/tablelint/internal/tracefmt"
)

// replayFile replays a trace on the reference engine.
func replayFile(t *testing.T, path string, opts Options) *Report {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rep, err := Run(tracefmt.NewReader(f, path), NewEngine(EngineOptions{Keys: opts.Results != nil}), opts)
	if err != nil {
		t.Fatal(err)
	}
	return rep
}

const smallTrace = "../../testdata/traces/small.jsonl"

// TestReportGolden: the findings and the per-operation results of the
// small trace (its text, JSON and SVG reports: replayout).
func TestReportGolden(t *testing.T) {
	var results bytes.Buffer
	// A target of 5 entities a second makes partition Sales hot.
	rep := replayFile(t, smallTrace, Options{PartitionRate: 5, Results: &results})
	fds := rep.Findings("small.jsonl")
	var hot []string
	for _, f := range fds {
		if f.Rule == "TL501" {
			hot = append(hot, f.Message)
		}
	}
	if len(hot) != 2 || !strings.Contains(hot[0], `"Sales"`) {
		t.Fatalf("TL501 findings %q, want Sales then Ops", hot)
	}
	golden.Check(t, filepath.Join("testdata", "small.results.jsonl"), results.Bytes())
	var hotOnly []finding.Finding
	for _, f := range fds {
		if f.Rule == "TL501" {
			hotOnly = append(hotOnly, f)
		}
	}
	if report.ExitCode(hotOnly, rules.Warning) != 1 || report.ExitCode(hotOnly, rules.Error) != 0 {
		t.Errorf("TL501 is a warning: exit 1 at --fail-on warning, 0 at error")
	}
}

func TestReportQueries(t *testing.T) {
	rep := replayFile(t, smallTrace, Options{})
	byLabel := map[string]QueryStat{}
	for _, q := range rep.Queries {
		label := q.Name
		if label == "" {
			label = q.Shape
		}
		byLabel[q.Table+" "+label] = q
	}
	scan := byLabel["Employees Age ge ?"]
	// Two table scans of 4 entities over 2 partitions: a page per partition.
	if scan.Calls != 2 || scan.Plan != "table-scan" || scan.Scanned.Total != 8 || scan.Pages != 4 ||
		scan.PartitionsMean != 2 || scan.Returned.P99 != 3 || scan.Returned.Mean != 2.5 {
		t.Errorf("table scan: %+v", scan)
	}
	named := byLabel["Employees byAge"]
	if named.Calls != 2 || named.Plan != "partition-scan" || named.Shape != "PartitionKey eq ? and Age gt ?" {
		t.Errorf("byAge: %+v", named)
	}
	bad := byLabel["Employees startswith(RowKey, ?)"]
	if bad.Calls != 1 || bad.Errors != 1 {
		t.Errorf("invalid filter: %+v", bad)
	}
	if rep.Statuses[400] != 3 || rep.Statuses[409] != 1 || rep.Statuses[412] != 1 || rep.Statuses[202] != 1 {
		t.Errorf("statuses %v", rep.Statuses)
	}
}
