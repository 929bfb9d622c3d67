package flow_test

import (
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"
	"golang.org/x/tools/go/ssa"

	"github.com/tablelint/tablelint/analyzers/internal/flow"
	"github.com/tablelint/tablelint/analyzers/internal/sdktest"
)

// keysProbe reports, at each call same(a, b), whether flow.SameValue
// holds, and at each call written(b), which keys flow.EntityKey finds in
// the bytes b and whether each is the same value as the call's next
// arguments (written(b, pk, rk)).
var keysProbe = &analysis.Analyzer{
	Name:     "keysprobe",
	Doc:      "keysprobe: report key equality at same and written calls",
	Requires: []*analysis.Analyzer{flow.Analyzer},
	Run: func(pass *analysis.Pass) (any, error) {
		r := flow.Of(pass)
		staticCalls(r, func(_ *ssa.Function, c *ssa.Call, f *ssa.Function) {
			args := c.Call.Args
			switch {
			case f.Name() == "same" && len(args) == 2:
				pass.Reportf(c.Pos(), "same %t", flow.SameValue(args[0], args[1]))
			case f.Name() == "written" && len(args) == 3:
				msg := "keys"
				for i, k := range []string{"PartitionKey", "RowKey"} {
					v, ok := flow.EntityKey(args[0], k)
					switch {
					case !ok:
						msg += " unknown"
					case flow.SameValue(v, args[i+1]):
						msg += " same"
					default:
						msg += " other"
					}
				}
				pass.Reportf(c.Pos(), "%s", msg)
			}
		})
		return nil, nil
	},
}

func TestKeys(t *testing.T) {
	dir := sdktest.GOPATH(t, analysistest.TestData())
	analysistest.Run(t, dir, keysProbe, "keys")
}
