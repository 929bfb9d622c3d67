package plan_test

import (
	"testing"

	"github.com/tablelint/tablelint/engine/plan"
	"github.com/tablelint/tablelint/odata"
)

const rangeFilter = "PartitionKey eq 'Sales' and RowKey ge 'empid_000100' and RowKey le 'empid_000199'"

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
