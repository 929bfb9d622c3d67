package plan_test

import (
	"fmt"
	"testing"

	"github.com/tablelint/tablelint/odata"
	"github.com/tablelint/tablelint/plan"
)

const rangeFilter = "PartitionKey eq 'Sales' and RowKey ge 'empid_000100' and RowKey le 'empid_000199'"

// BenchmarkParseAndPlan parses and plans range filters. "new-shape" gives
// every filter a shape not seen before (a property name changes), so that
// the participle parser runs every time; "known-shape" changes only the
// literals, as a replay or an analyzer run does, so that odata's shape
// cache answers.
func BenchmarkParseAndPlan(b *testing.B) {
	const n = 1 << 16
	for _, mode := range []struct {
		name   string
		format string
	}{
		{"new-shape", "PartitionKey eq 'dept%04[1]d' and RowKey ge 'empid_%06[2]d' and RowKey le 'empid_%06[3]d' and P%[2]d eq 1"},
		{"known-shape", "PartitionKey eq 'dept%04[1]d' and RowKey ge 'empid_%06[2]d' and RowKey le 'empid_%06[3]d' and P eq 1"},
	} {
		// fill writes filters first to first+n-1: every filter is new,
		// however many iterations the benchmark asks for.
		filters := make([]string, n)
		fill := func(first int) {
			for i := range filters {
				j := first + i
				filters[i] = fmt.Sprintf(mode.format, j%1000, j*100, j*100+99)
			}
		}
		fill(0)
		b.Run(mode.name, func(b *testing.B) {
			b.ReportAllocs()
			i := 0
			for b.Loop() {
				if i > 0 && i%n == 0 {
					b.StopTimer()
					fill(i)
					b.StartTimer()
				}
				f, err := odata.Parse(filters[i%n])
				if err != nil {
					b.Fatal(err)
				}
				if p := plan.Of(f); p.Kind != plan.Range {
					b.Fatal(p.Kind)
				}
				i++
			}
		})
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
