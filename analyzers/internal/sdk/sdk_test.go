package sdk_test

import (
	"go/ast"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/tablelint/tablelint/analyzers/internal/sdk"
	"github.com/tablelint/tablelint/analyzers/internal/sdktest"
)

// probe reports every SDK call sdk recognises, so the test pins down
// what is and is not recognised.
var probe = &analysis.Analyzer{
	Name: "probe",
	Doc:  "reports recognised SDK calls",
	Run: func(pass *analysis.Pass) (any, error) {
		for _, f := range pass.Files {
			ast.Inspect(f, func(n ast.Node) bool {
				call, ok := n.(*ast.CallExpr)
				if !ok {
					return true
				}
				switch {
				case sdk.IsMethod(pass.TypesInfo, call, "Client", "NewListEntitiesPager"):
					msg := "list"
					if len(call.Args) == 1 && sdk.Field(pass.TypesInfo, call.Args[0], "Filter") != nil {
						msg += " with filter"
					}
					pass.Reportf(call.Pos(), "%s", msg)
				case sdk.IsListEntitiesCall(pass.TypesInfo, call):
					pass.Reportf(call.Pos(), "list via interface")
				case sdk.IsLegacyMethod(pass.TypesInfo, call, "Table", "QueryEntities"):
					pass.Reportf(call.Pos(), "legacy query")
				case sdk.IsPagerMethod(pass.TypesInfo, call, "NextPage"):
					pass.Reportf(call.Pos(), "next page")
				case sdk.IsFunc(pass.TypesInfo, call, sdk.ToPath, "Ptr"):
					pass.Reportf(call.Pos(), "to.Ptr")
				}
				return true
			})
		}
		return nil, nil
	},
}

func TestRecognise(t *testing.T) {
	analysistest.Run(t, sdktest.GOPATH(t, analysistest.TestData()), probe, "recognise")
}

// kindProbe reports each call's sdk.CallOp (or sdk.CallBatchAction), and
// checks that MethodOp (LegacyBatchAction) gives the same from the
// method's name.
var kindProbe = &analysis.Analyzer{
	Name: "kindprobe",
	Doc:  "reports the entity operation of each SDK call",
	Run: func(pass *analysis.Pass) (any, error) {
		for _, f := range pass.Files {
			ast.Inspect(f, func(n ast.Node) bool {
				call, ok := n.(*ast.CallExpr)
				if !ok {
					return true
				}
				if a, ok := sdk.CallBatchAction(pass.TypesInfo, call); ok {
					if fn := sdk.Callee(pass.TypesInfo, call); fn == nil || sdk.CallOp(pass.TypesInfo, call) != (sdk.Op{}) {
						pass.Reportf(call.Pos(), "a batch action with an Op")
					} else if b, _ := sdk.LegacyBatchAction(fn.Name()); b != a {
						pass.Reportf(call.Pos(), "LegacyBatchAction disagrees with CallBatchAction")
					}
					force := ""
					if a.ByForce {
						force = " by force"
					}
					pass.Reportf(call.Pos(), "batch %s%s", a.Kind, force)
					return true
				}
				op := sdk.CallOp(pass.TypesInfo, call)
				if op == (sdk.Op{}) {
					return true
				}
				form := "aztables"
				if op.Legacy {
					form = "legacy"
				}
				if fn := sdk.Callee(pass.TypesInfo, call); fn == nil || sdk.MethodOp(fn.Name(), op.Legacy) != op {
					pass.Reportf(call.Pos(), "MethodOp disagrees with CallOp")
				}
				pass.Reportf(call.Pos(), "%s %s", op.Kind, form)
				return true
			})
		}
		return nil, nil
	},
}

func TestCallOp(t *testing.T) {
	analysistest.Run(t, sdktest.GOPATH(t, analysistest.TestData()), kindProbe, "kinds")
}

// TestKindClasses pins down which kinds read and which write one entity.
func TestKindClasses(t *testing.T) {
	reads := map[sdk.Kind]bool{sdk.Get: true, sdk.List: true, sdk.Query: true}
	writes := map[sdk.Kind]bool{sdk.Add: true, sdk.Update: true, sdk.Merge: true, sdk.Upsert: true, sdk.UpsertMerge: true}
	for k := sdk.Other; k <= sdk.Ref; k++ {
		if k.Reads() != reads[k] || k.Writes() != writes[k] {
			t.Errorf("%s: Reads %v, Writes %v; want %v, %v", k, k.Reads(), k.Writes(), reads[k], writes[k])
		}
	}
}
