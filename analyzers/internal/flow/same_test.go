package flow_test

import (
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"
	"golang.org/x/tools/go/ssa"

	"github.com/tablelint/tablelint/analyzers/internal/flow"
	"github.com/tablelint/tablelint/analyzers/internal/sdktest"
)

// computedProbe reports, at each call same(a, b), whether
// flow.Result.SameComputed holds.
var computedProbe = &analysis.Analyzer{
	Name:     "computedprobe",
	Doc:      "computedprobe: report SameComputed at same calls",
	Requires: []*analysis.Analyzer{flow.Analyzer},
	Run: func(pass *analysis.Pass) (any, error) {
		r := flow.Of(pass)
		staticCalls(r, func(_ *ssa.Function, c *ssa.Call, f *ssa.Function) {
			if args := c.Call.Args; f.Name() == "same" && len(args) == 2 {
				pass.Reportf(c.Pos(), "same %t", r.SameComputed(args[0], args[1]))
			}
		})
		return nil, nil
	},
}

func TestSameComputed(t *testing.T) {
	dir := sdktest.GOPATH(t, analysistest.TestData())
	analysistest.Run(t, dir, computedProbe, "computed")
}
