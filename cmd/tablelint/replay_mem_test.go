package main

import (
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/tablelint/tablelint/engine/replay"
	"github.com/tablelint/tablelint/engine/workload"
	"github.com/tablelint/tablelint/model"
)

// memDesign is a design whose replay preloads count entities of a
// typical size the design states exactly.
const memDesign = `version: 1
tables:
  Orders:
    entities:
      Order:
        partitionKey: "{Customer}"
        rowKey: "order_{OrderId:%010d}"
        properties:
          Customer: {type: String, maxLength: 12, typicalLength: 12, cardinality: 1000}
          OrderId: Int64
          Status: {type: String, maxLength: 10, typicalLength: 10, cardinality: 5}
          Amount: Double
          Placed: DateTime
        count: 200000
`

// BenchmarkPreloadBytesPerEntity measures the heap a design replay
// holds per preloaded entity, beside the entity's own size (the
// service's accounting of the design's typical entity).
func BenchmarkPreloadBytesPerEntity(b *testing.B) {
	dir := b.TempDir()
	path := filepath.Join(dir, "orders.tablelint.yaml")
	if err := os.WriteFile(path, []byte(memDesign), 0o644); err != nil {
		b.Fatal(err)
	}
	d, err := model.Load(path)
	if err != nil {
		b.Fatal(err)
	}
	own := d.Tables[0].Entities[0].Size().Typical
	spec, err := designWorkload(path)
	if err != nil {
		b.Fatal(err)
	}
	count := spec.Tables[0].Entities[0].Count
	var perEntity float64
	for b.Loop() {
		var before, after runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		w, err := workload.Generate(spec, workload.Options{Seed: 1, Duration: 1, LoadAll: true})
		if err != nil {
			b.Fatal(err)
		}
		eng := replay.NewEngine(replay.EngineOptions{})
		if _, err := replay.Run(w, eng, replay.Options{Duration: 1, Setup: w.Setup(), Results: io.Discard}); err != nil {
			b.Fatal(err)
		}
		runtime.GC()
		runtime.ReadMemStats(&after)
		perEntity = float64(after.HeapAlloc-before.HeapAlloc) / float64(count)
		runtime.KeepAlive(eng)
	}
	b.ReportMetric(perEntity, "B/entity")
	b.ReportMetric(float64(own), "entity-B")
	b.ReportMetric(perEntity/float64(own), "x-entity")
}

// TestReplayMemoryBound: a design replay expected to exceed --max-memory
// is refused before anything is allocated, with a message saying how
// much and which flag raises the bound.
func TestReplayMemoryBound(t *testing.T) {
	dir := t.TempDir()
	// A query that may read any partition: every entity is loaded.
	big := strings.Replace(memDesign, "count: 200000", "count: 15000000", 1) +
		"    queries:\n      byStatus: {filter: \"Status eq '{Status}'\", rate: 1/s}\n"
	if err := os.WriteFile(filepath.Join(dir, "big.tablelint.yaml"), []byte(big), 0o644); err != nil {
		t.Fatal(err)
	}
	var before runtime.MemStats
	runtime.ReadMemStats(&before)
	code, out, errs := runIn(t, dir, "replay", "big.tablelint.yaml")
	var after runtime.MemStats
	runtime.ReadMemStats(&after)
	if code != 2 || out != "" || !strings.Contains(errs, "big.tablelint.yaml: replaying this design over 1m0s needs about 10.3 GiB for 1.5e+07 entities, more than --max-memory 4GiB") {
		t.Errorf("exit %d\n%s", code, errs)
	}
	if grew := after.TotalAlloc - before.TotalAlloc; grew > 64<<20 {
		t.Errorf("refusing allocated %d bytes", grew)
	}
	for _, tc := range []struct{ v, want string }{
		{"1KiB", "more than --max-memory 1KiB"},
		{"lots", `--max-memory: "lots" is not a size`},
		{"-1GiB", "is not a size"},
		{"9999999999TiB", "is not a size"},
	} {
		code, _, errs := runIn(t, dir, "replay", "--max-memory", tc.v, "big.tablelint.yaml")
		if code != 2 || !strings.Contains(errs, tc.want) {
			t.Errorf("--max-memory %s: exit %d, %q", tc.v, code, errs)
		}
	}
}
