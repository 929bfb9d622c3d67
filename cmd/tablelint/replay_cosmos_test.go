package main

import (
	"bufio"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/tablelint/tablelint/internal/golden"
)

// cosmosDesign is the Cosmos DB design replay's tests and docs use.
const cosmosDesign = "../../testdata/designs/replay/cosmos-orders.yaml"

// cosmosRepo returns a scratch repository holding the Cosmos DB design
// as orders.yaml, with its target replaced by target when not "".
func cosmosRepo(t *testing.T, target string) string {
	t.Helper()
	src, err := os.ReadFile(cosmosDesign)
	if err != nil {
		t.Fatal(err)
	}
	s := string(src)
	if target != "" {
		s = strings.Replace(s, "target: cosmos\nthroughput: 400\n", "target: "+target+"\n", 1)
	}
	dir := repo(t)
	writeFile(t, filepath.Join(dir, "orders.yaml"), s)
	return dir
}

// TestReplayCosmos replays a design with target: cosmos: request units
// per query and in total, the throughput's month, no throttling under its
// 400 RU/s (exit 0), in text and JSON (goldens).
func TestReplayCosmos(t *testing.T) {
	dir := cosmosRepo(t, "")
	code, out, errs := runIn(t, dir, "replay", "--duration", "10s", "orders.yaml")
	if code != 0 || errs != "" {
		t.Fatalf("exit %d: %s", code, errs)
	}
	golden.Check(t, filepath.Join("testdata", "replay", "cosmos-orders.text"), []byte(out))
	for _, want := range []string{"Cosmos DB for Table, provisioned 400 RU/s", "request units:", "RU/call", "throttled:     0 operations (429"} {
		if !strings.Contains(out, want) {
			t.Errorf("no %q in\n%s", want, out)
		}
	}
	for _, storage := range []string{"503", "transactions:", "account peak", "target 2,000 entities/s"} {
		if strings.Contains(out, storage) {
			t.Errorf("Table storage's %q in a Cosmos DB replay:\n%s", storage, out)
		}
	}

	code, out, errs = runIn(t, dir, "replay", "--duration", "10s", "--format", "json", "orders.yaml")
	if code != 0 || errs != "" {
		t.Fatalf("json: exit %d: %s", code, errs)
	}
	golden.Check(t, filepath.Join("testdata", "replay", "cosmos-orders.json"), []byte(out))
	var doc struct {
		Replay struct {
			Cosmos *struct {
				RequestUnits float64 `json:"requestUnits"`
				Budget       float64 `json:"throughputRUPerSecond"`
				Throttled    int     `json:"throttled"`
			} `json:"cosmos"`
		} `json:"replay"`
		Queries []struct {
			Name         string   `json:"name"`
			RequestUnits *float64 `json:"requestUnits"`
		} `json:"queries"`
	}
	if err := json.Unmarshal([]byte(out), &doc); err != nil {
		t.Fatal(err)
	}
	c := doc.Replay.Cosmos
	if c == nil || c.Budget != 400 || c.Throttled != 0 {
		t.Fatalf("cosmos = %+v", c)
	}
	sum := 0.0
	for _, q := range doc.Queries {
		if q.RequestUnits == nil || *q.RequestUnits <= 0 {
			t.Errorf("query %s: requestUnits %v", q.Name, q.RequestUnits)
			continue
		}
		sum += *q.RequestUnits
	}
	// The writes are charged too: the queries hold part of the total.
	if sum <= 0 || sum >= c.RequestUnits {
		t.Errorf("queries' request units %g, total %g", sum, c.RequestUnits)
	}
}

// TestReplayCosmosThrottled holds the same workload against 20 RU/s:
// operations over a second's budget are answered 429 with a retry delay,
// not 503, and TL319 reports it (exit 1).
func TestReplayCosmosThrottled(t *testing.T) {
	dir := cosmosRepo(t, "")
	code, out, errs := runIn(t, dir, "replay", "--duration", "10s", "--ru-per-second", "20", "orders.yaml")
	if code != 1 || errs != "" {
		t.Fatalf("exit %d: %s", code, errs)
	}
	golden.Check(t, filepath.Join("testdata", "replay", "cosmos-orders-429.text"), []byte(out))
	for _, want := range []string{"warning TL319 the workload needs", "429 ×", "x-ms-retry-after-ms up to"} {
		if !strings.Contains(out, want) {
			t.Errorf("no %q in\n%s", want, out)
		}
	}
	if strings.Contains(out, "503") || strings.Contains(out, "TL501") || strings.Contains(out, "TL518") {
		t.Errorf("Table storage's throttling in a Cosmos DB replay:\n%s", out)
	}

	// --results: every throttled operation is 429 TooManyRequests,
	// charged nothing, with a retry delay within the second.
	res := filepath.Join(dir, "results.jsonl")
	if code, _, errs := runIn(t, dir, "replay", "--duration", "10s", "--ru-per-second", "20", "--results", res, "orders.yaml"); code != 1 {
		t.Fatalf("results: exit %d: %s", code, errs)
	}
	throttled, charged := 0, 0
	for _, l := range resultLines(t, res) {
		var r struct {
			Status  int      `json:"status"`
			Code    string   `json:"code"`
			Charge  *float64 `json:"charge"`
			RetryMs *int     `json:"retryAfterMs"`
		}
		if err := json.Unmarshal([]byte(l), &r); err != nil {
			t.Fatal(err)
		}
		switch {
		case r.Charge == nil:
			t.Fatalf("no charge: %s", l)
		case r.Status == 429:
			throttled++
			if r.Code != "TooManyRequests" || *r.Charge != 0 || r.RetryMs == nil || *r.RetryMs < 1 || *r.RetryMs > 1000 {
				t.Errorf("throttled line %s", l)
			}
		case *r.Charge > 0:
			charged++
		}
	}
	if throttled == 0 || charged == 0 {
		t.Errorf("%d throttled, %d charged operations", throttled, charged)
	}
}

// TestReplayCosmosOrder: the keys a query across partitions returns are
// not in key order on Cosmos DB, in the same order for the same seed; on
// Table storage they are in key order.
func TestReplayCosmosOrder(t *testing.T) {
	keysOf := func(target, seed string) [][]string {
		dir := cosmosRepo(t, target)
		res := filepath.Join(dir, "results.jsonl")
		if code, _, errs := runIn(t, dir, "replay", "--duration", "2s", "--seed", seed, "--results", res, "orders.yaml"); code != 0 {
			t.Fatalf("exit %d: %s", code, errs)
		}
		var out [][]string
		for _, l := range resultLines(t, res) {
			var r struct {
				Keys       [][2]string `json:"keys"`
				Partitions int         `json:"partitions"`
			}
			if err := json.Unmarshal([]byte(l), &r); err != nil {
				t.Fatal(err)
			}
			if r.Partitions > 1 && len(r.Keys) > 2 {
				var ks []string
				for _, k := range r.Keys {
					ks = append(ks, k[0]+"\x00"+k[1])
				}
				out = append(out, ks)
			}
		}
		if len(out) == 0 {
			t.Fatal("no query across partitions")
		}
		return out
	}
	for _, ks := range keysOf("storage", "1") {
		if !slices.IsSorted(ks) {
			t.Errorf("Table storage: keys out of order: %q", ks)
		}
	}
	a, b := keysOf("", "1"), keysOf("", "1")
	if !slices.EqualFunc(a, b, slices.Equal) {
		t.Error("the same seed gave another order")
	}
	for _, ks := range a {
		if slices.IsSorted(ks) {
			t.Errorf("Cosmos DB: keys in key order: %q", ks)
		}
	}
}

// TestReplayCosmosStorageTwin: the same design with target: storage
// replays as before, in transactions and against the storage targets.
func TestReplayCosmosStorageTwin(t *testing.T) {
	dir := cosmosRepo(t, "storage")
	code, out, errs := runIn(t, dir, "replay", "--duration", "10s", "orders.yaml")
	if code != 0 || errs != "" {
		t.Fatalf("exit %d: %s", code, errs)
	}
	for _, want := range []string{"transactions:", "account peak:", "(503 Server Busy)", "target 2,000 entities/s"} {
		if !strings.Contains(out, want) {
			t.Errorf("no %q in\n%s", want, out)
		}
	}
	if strings.Contains(out, "RU") || strings.Contains(out, "Cosmos") {
		t.Errorf("request units on Table storage:\n%s", out)
	}
	if code, _, errs := runIn(t, dir, "replay", "--ru-per-second", "20", "orders.yaml"); code != 2 || !strings.Contains(errs, "--ru-per-second applies to target: cosmos") {
		t.Errorf("--ru-per-second on storage: exit %d, %q", code, errs)
	}
	for _, bad := range []string{"0", "-5", "NaN"} {
		if code, _, errs := runIn(t, cosmosRepo(t, ""), "replay", "--ru-per-second", bad, "orders.yaml"); code != 2 || !strings.Contains(errs, "--ru-per-second must") {
			t.Errorf("--ru-per-second %s: exit %d, %q", bad, code, errs)
		}
	}
}

// TestReplayCosmosTrace: a trace replays on Cosmos DB when the
// configuration says target: cosmos.
func TestReplayCosmosTrace(t *testing.T) {
	dir := repo(t)
	writeFile(t, filepath.Join(dir, ".tablelint.yaml"), "target: cosmos\n")
	writeFile(t, filepath.Join(dir, "t.jsonl"), `{"op":"createTable","table":"Tab","t":0}
{"op":"insert","table":"Tab","entity":{"PartitionKey":"a","RowKey":"1","V":"x"},"t":0}
{"op":"insert","table":"Tab","entity":{"PartitionKey":"b","RowKey":"1","V":"y"},"t":0.1}
{"op":"get","table":"Tab","pk":"a","rk":"1","t":0.2}
{"op":"query","table":"Tab","filter":"V eq 'y'","t":0.3}
`)
	code, out, errs := runIn(t, dir, "replay", "--trace", "t.jsonl", "--ru-per-second", "5")
	if code != 1 || errs != "" {
		t.Fatalf("exit %d: %s\n%s", code, errs, out)
	}
	// 4.95 RU a write: the second insert is over 5 RU/s; the get and the
	// query are too (the budget of second 0 is spent).
	for _, want := range []string{"request units: 4.9 RU charged", "throttled:     3 operations (429", "TL319"} {
		if !strings.Contains(out, want) {
			t.Errorf("no %q in\n%s", want, out)
		}
	}
}

func resultLines(t *testing.T, path string) []string {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var ls []string
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		ls = append(ls, sc.Text())
	}
	return ls
}
