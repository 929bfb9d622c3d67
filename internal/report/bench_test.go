package report

import (
	"fmt"
	"io"
	"testing"

	"github.com/tablelint/tablelint/internal/finding"
)

func manyFindings(n int) []finding.Finding {
	ids := []string{"TL301", "TL303", "TL304", "TL201"}
	fs := make([]finding.Finding, n)
	for i := range fs {
		f := finding.New(ids[i%len(ids)], "query scans the whole table: no top-level PartitionKey eq")
		f.File, f.Line, f.Col = fmt.Sprintf("pkg/p%d/file.go", i%50), i%400+1, 12
		fs[i] = f
	}
	return fs
}

// BenchmarkWrite measures each format on 1,000 findings.
func BenchmarkWrite(b *testing.B) {
	for _, format := range Formats {
		b.Run(format, func(b *testing.B) {
			lines := func(string, int) (string, bool) { return "\tfilter := \"Name eq 'Zoë'\" // héllo", true }
			for b.Loop() {
				r := Result{Findings: manyFindings(1000)}
				if err := Write(io.Discard, r, Options{Format: format, LineText: lines}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
