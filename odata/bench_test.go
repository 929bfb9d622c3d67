package odata_test

import (
	"fmt"
	"os"
	"runtime"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/tablelint/tablelint/odata"
	"github.com/tablelint/tablelint/plan"
)

const benchFilter = "PartitionKey eq 'Sales' and RowKey ge 'empid_000100' and RowKey le 'empid_000199'"

// cacheModes runs bench twice: "cold" with the shape cache off, so that
// the participle parser runs every time, and "warm" with it on.
func cacheModes(b *testing.B, bench func(b *testing.B)) {
	for _, mode := range []struct {
		name  string
		cache bool
	}{{"cold", false}, {"warm", true}} {
		b.Run(mode.name, func(b *testing.B) {
			old := odata.SetCache(mode.cache)
			defer odata.SetCache(old)
			b.ReportAllocs()
			bench(b)
		})
	}
}

// BenchmarkParse parses the reference filter.
func BenchmarkParse(b *testing.B) {
	cacheModes(b, func(b *testing.B) {
		for b.Loop() {
			if _, err := odata.Parse(benchFilter); err != nil {
				b.Fatal(err)
			}
		}
	})
}

// BenchmarkParseCorpus parses every input of the corpus once per
// iteration (valid and invalid), cold and warm.
func BenchmarkParseCorpus(b *testing.B) {
	cases, _ := readCorpus(b)
	cacheModes(b, func(b *testing.B) {
		for b.Loop() {
			for _, c := range cases {
				_, _ = parseMode(c.input, c.template)
			}
		}
		b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(cases)), "ns/filter")
	})
}

// BenchmarkParseAndPlan parses and plans the reference filter: the issue's
// target is under 8 µs and 100 allocations. Cold runs the participle
// parser every time; warm is a shape-cache hit.
func BenchmarkParseAndPlan(b *testing.B) {
	cacheModes(b, func(b *testing.B) {
		for b.Loop() {
			f, err := odata.Parse(benchFilter)
			if err != nil {
				b.Fatal(err)
			}
			if p := plan.Of(f); p.Kind != plan.Range {
				b.Fatal(p.Kind)
			}
		}
	})
}

// readBenchFilters reads the benchmark filter set: 41 valid filters that
// are not in the test corpus.
func readBenchFilters(b *testing.B) []string {
	data, err := os.ReadFile("../testdata/filters/bench41.txt")
	if err != nil {
		b.Fatal(err)
	}
	var filters []string
	for _, l := range strings.Split(string(data), "\n") {
		if strings.TrimSpace(l) != "" && !strings.HasPrefix(l, "#") {
			filters = append(filters, l)
		}
	}
	if len(filters) != 41 {
		b.Fatalf("benchmark set has %d filters, want 41", len(filters))
	}
	return filters
}

// cpuTime returns the process's CPU time (user and system, all threads):
// per CPU-second figures move less than wall times when other processes
// load the machine.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// BenchmarkParsePlan41 parses and plans each of the 41 benchmark filters
// once per iteration, cold (participle runs for every filter) and warm
// (shape cache hits). ns/filter, cpu-ns/filter (the process's CPU time,
// the collector's included) and allocs/filter are per filter; Azurite's
// parser is timed over the same file by scripts/azurite-parse-bench.js.
func BenchmarkParsePlan41(b *testing.B) {
	filters := readBenchFilters(b)
	cacheModes(b, func(b *testing.B) {
		for _, f := range filters { // fill the cache for the warm run
			if _, err := odata.Parse(f); err != nil {
				b.Fatal(err)
			}
		}
		b.ResetTimer()
		var ms0, ms1 runtime.MemStats
		runtime.ReadMemStats(&ms0)
		cpu0 := cpuTime()
		for b.Loop() {
			for _, s := range filters {
				f, err := odata.Parse(s)
				if err != nil {
					b.Fatal(err)
				}
				_ = plan.Of(f)
			}
		}
		cpu := cpuTime() - cpu0
		runtime.ReadMemStats(&ms1)
		n := float64(b.N * len(filters))
		b.ReportMetric(float64(b.Elapsed().Nanoseconds())/n, "ns/filter")
		b.ReportMetric(float64(cpu.Nanoseconds())/n, "cpu-ns/filter")
		b.ReportMetric(float64(ms1.Mallocs-ms0.Mallocs)/n, "allocs/filter")
		b.ReportMetric(float64(ms1.TotalAlloc-ms0.TotalAlloc)/n, "B/filter")
	})
}

// BenchmarkParseScaling parses filters of 1, 5 and 15 comparisons (the
// service's limit), cold and warm: time and bytes should grow linearly.
func BenchmarkParseScaling(b *testing.B) {
	for _, n := range []int{1, 5, 15} {
		parts := make([]string, n)
		for i := range parts {
			parts[i] = fmt.Sprintf("P%d eq 'value%d'", i, i)
		}
		s := strings.Join(parts, " and ")
		b.Run(fmt.Sprintf("cmp=%d", n), func(b *testing.B) {
			cacheModes(b, func(b *testing.B) {
				for b.Loop() {
					if _, err := odata.Parse(s); err != nil {
						b.Fatal(err)
					}
				}
			})
		})
	}
}
