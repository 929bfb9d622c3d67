package flow_test

import (
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"
	"golang.org/x/tools/go/ssa"

	"github.com/tablelint/tablelint/analyzers/internal/flow"
	"github.com/tablelint/tablelint/analyzers/internal/sdktest"
)

// TestNoBlowup: checks that hand a value on to several others level
// after level (testdata/src/blowup), and a field stored from loads of
// itself, are answered with work polynomial in the code: before, both
// were exponential (the ladder's 3^12 paths; the field's stores
// followed again from each store). The values still come out, and
// the work the questions did is bounded, not timed.
func TestNoBlowup(t *testing.T) {
	var work int64
	p := &analysis.Analyzer{
		Name:     "blowupprobe",
		Doc:      "blowupprobe: report flow values at sink calls, and count the work",
		Requires: []*analysis.Analyzer{flow.Analyzer},
		Run: func(pass *analysis.Pass) (any, error) {
			r := flow.Of(pass)
			staticCalls(r, func(fn *ssa.Function, c *ssa.Call, f *ssa.Function) {
				if f.Name() != "sink" {
					return
				}
				var vs []string
				for _, a := range flow.CallArgs(c.Common()) {
					vs = append(vs, r.Of(fn, a).String())
				}
				pass.Reportf(c.Pos(), "%s", strings.Join(vs, " ; "))
			})
			work = flow.Work(r)
			return nil, nil
		},
	}
	dir := sdktest.GOPATH(t, analysistest.TestData())
	analysistest.Run(t, dir, p, "blowup")
	if work == 0 || work > 200_000 {
		t.Errorf("the questions did %d units of work; want at most 200000 (polynomial)", work)
	}
}
