package odata_test

import (
	"testing"

	"github.com/tablelint/tablelint/engine/plan"
	"github.com/tablelint/tablelint/odata"
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
