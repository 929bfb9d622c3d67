package replay

import (
	"bytes"
	"math"
	"net/http"
	"os"
	"strings"
	"testing"

	"github.com/tablelint/tablelint/internal/cost"
	"github.com/tablelint/tablelint/internal/tracefmt"
)

// cosmosTrace: two 1-KiB-or-less inserts, a get and a query by a
// property in second 0, and a get in second 1.
const cosmosTrace = "../../testdata/traces/cosmos.jsonl"

func runCosmos(t *testing.T, c *CosmosOptions, results *bytes.Buffer) *Report {
	t.Helper()
	opts := Options{Duration: 2, Cosmos: c}
	if results != nil {
		opts.Results = results
	}
	trace, err := os.ReadFile(cosmosTrace)
	if err != nil {
		t.Fatal(err)
	}
	eng := NewEngine(EngineOptions{Keys: results != nil, Cosmos: c != nil, CosmosSeed: 1})
	rep, err := Run(tracefmt.NewReader(bytes.NewReader(trace), "t.jsonl"), eng, opts)
	if err != nil {
		t.Fatal(err)
	}
	return rep
}

// TestCosmosCharges: each operation is charged by the documented model
// (a write of a small entity 4.95 RU, a point read 1 RU, a query one RU
// per KiB read, at least one), nothing throttled without a budget.
func TestCosmosCharges(t *testing.T) {
	rep := runCosmos(t, &CosmosOptions{Mode: "serverless"}, nil)
	ru := rep.Throughput.RU
	if ru == nil {
		t.Fatal("no request units")
	}
	want := 2*cost.WriteRU(0) + 2*cost.ReadRU(0) + cost.QueryRU(1)
	if math.Abs(ru.Charged-want) > 1e-3 || ru.Offered != ru.Charged {
		t.Errorf("charged %g, offered %g RU; want %g", ru.Charged, ru.Offered, want)
	}
	if rep.Throughput.Throttled != 0 || rep.Statuses[http.StatusTooManyRequests] != 0 {
		t.Errorf("throttled %d without a budget", rep.Throughput.Throttled)
	}
	if fs := rep.Findings("t.jsonl"); len(fs) != 0 {
		t.Errorf("findings %v", fs)
	}
}

// TestCosmosThrottle: at 5 RU/s the second insert (4.95 + 4.95 RU) is
// over second 0's budget, and so are the get and the query after it;
// the get of second 1 is served. Throttled operations are answered 429,
// not charged, and TL319 reports them at the first one's line.
func TestCosmosThrottle(t *testing.T) {
	var res bytes.Buffer
	rep := runCosmos(t, &CosmosOptions{Mode: "provisioned", RUPerSecond: 5}, &res)
	tp := rep.Throughput
	if tp.Throttled != 3 || rep.Statuses[http.StatusTooManyRequests] != 3 || rep.Statuses[http.StatusServiceUnavailable] != 0 {
		t.Fatalf("throttled %d, statuses %v", tp.Throttled, rep.Statuses)
	}
	if want := cost.WriteRU(0) + cost.ReadRU(0); math.Abs(tp.RU.Charged-want) > 1e-3 {
		t.Errorf("charged %g, want %g", tp.RU.Charged, want)
	}
	if tp.RU.HotSeconds != 1 || tp.RU.HotLine != 3 || tp.RU.MaxRetryAfterMs != 900 {
		t.Errorf("RU %+v", *tp.RU)
	}
	fs := rep.Findings("t.jsonl")
	if len(fs) != 1 || fs[0].Rule != "TL319" || fs[0].Line != 3 {
		t.Fatalf("findings %v", fs)
	}
	lines := strings.Split(strings.TrimSpace(res.String()), "\n")
	if len(lines) != 6 {
		t.Fatalf("%d result lines", len(lines))
	}
	for i, want := range []string{
		`"status":201,"scanned":0,"returned":0,"pages":1,"partitions":1,"charge":4.95}`,
		`"status":429,"code":"TooManyRequests","scanned":0,"returned":0,"pages":1,"partitions":0,"charge":0,"retryAfterMs":900}`,
		`"status":429,"code":"TooManyRequests","keys":[],"scanned":0,"returned":0,"pages":1,"partitions":0,"charge":0,"retryAfterMs":800}`,
		`"status":200,"keys":[["a","1"]],"scanned":1,"returned":1,"pages":1,"partitions":1,"charge":1}`,
	} {
		k := []int{1, 2, 3, 5}[i]
		if !strings.HasSuffix(lines[k], want) {
			t.Errorf("line %d = %s\nwant …%s", k, lines[k], want)
		}
	}
}

// TestCosmosOffStorage: without Cosmos options the same trace is Table
// storage's: no request units, nothing throttled at these rates.
func TestCosmosOffStorage(t *testing.T) {
	var res bytes.Buffer
	rep := runCosmos(t, nil, &res)
	if rep.Throughput.RU != nil || strings.Contains(res.String(), "charge") {
		t.Errorf("request units on Table storage: %s", res.String())
	}
}
