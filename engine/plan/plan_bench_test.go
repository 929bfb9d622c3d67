package plan_test

import (
	"fmt"
	"testing"

	"github.com/tablelint/tablelint/engine/plan"
	"github.com/tablelint/tablelint/odata"
)

const rangeFilter = "PartitionKey eq 'Sales' and RowKey ge 'empid_000100' and RowKey le 'empid_000199'"

// BenchmarkParseAndPlan parses and plans the reference filter. Its
// target: under 8 µs and 100 allocations.
func BenchmarkParseAndPlan(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		f, err := odata.Parse(rangeFilter)
		if err != nil {
			b.Fatal(err)
		}
		if p := plan.Of(f); p.Kind != plan.Range {
			b.Fatal(p.Kind)
		}
	}
}

// BenchmarkParseAndPlanDistinct parses and plans filters of one shape
// with a different literal each time, as a replay or an analyzer run does.
func BenchmarkParseAndPlanDistinct(b *testing.B) {
	filters := make([]string, 1024)
	for i := range filters {
		filters[i] = fmt.Sprintf("PartitionKey eq 'dept%04d' and RowKey ge 'empid_%06d' and RowKey le 'empid_%06d'", i, i*100, i*100+99)
	}
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		f, err := odata.Parse(filters[i%len(filters)])
		if err != nil {
			b.Fatal(err)
		}
		if p := plan.Of(f); p.Kind != plan.Range {
			b.Fatal(p.Kind)
		}
		i++
	}
}

// BenchmarkPlan plans an already parsed filter.
func BenchmarkPlan(b *testing.B) {
	f, err := odata.Parse(rangeFilter)
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		_ = plan.Of(f)
	}
}
