package index_test

import (
	"go/ast"
	"go/constant"
	"go/types"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"
	"golang.org/x/tools/go/ast/astutil"

	"github.com/tablelint/tablelint/analyzers/internal/index"
	"github.com/tablelint/tablelint/analyzers/internal/sdktest"
	"github.com/tablelint/tablelint/analyzers/internal/values"
	"github.com/tablelint/tablelint/analyzers/internal/writes"
)

// probe reports, for every call show(x), what the assignment index and
// the write index each make of x: the write index reads the one shared
// assignment index, so they must agree on which variables have a single
// known value.
var probe = &analysis.Analyzer{
	Name:     "probe",
	Doc:      "reports what the index resolves",
	Requires: []*analysis.Analyzer{index.Analyzer},
	Run: func(pass *analysis.Pass) (any, error) {
		x := index.Of(pass)
		show(pass, x.Vars, x.Writes)
		for _, lit := range x.Entities {
			pass.Reportf(lit.Pos(), "entity")
		}
		for _, c := range x.Calls {
			name := "?"
			for _, f := range pass.Files {
				if f.FileStart <= c.Call.Pos() && c.Call.Pos() <= f.FileEnd {
					path, _ := astutil.PathEnclosingInterval(f, c.Body.Pos(), c.Body.Pos())
					for _, n := range path {
						if fd, ok := n.(*ast.FuncDecl); ok {
							name = fd.Name.Name
						}
					}
				}
			}
			pass.Reportf(c.Call.Pos(), "write %s in %s", c.Method, name)
		}
		return nil, nil
	},
}

// TestAssignmentsAgree: `var x string; x = "a"` used to be "a" for the
// write index and unknown for the value resolver; now both see two
// assignments.
func TestAssignmentsAgree(t *testing.T) {
	dir := sdktest.GOPATH(t, analysistest.TestData())
	analysistest.Run(t, dir, probe, "assignments", "indexed")
}

// TestVarsWithoutIndex: values.NewVars without an inspector (for tools
// outside a pass) walks the files itself; it must see the same
// assignments as the shared index.
func TestVarsWithoutIndex(t *testing.T) {
	dir := sdktest.GOPATH(t, analysistest.TestData())
	analysistest.Run(t, dir, standalone, "assignments")
}

var standalone = &analysis.Analyzer{
	Name: "standalone",
	Doc:  "reports what a standalone assignment index resolves",
	Run: func(pass *analysis.Pass) (any, error) {
		show(pass, values.NewVars(pass.TypesInfo, pass.Files, nil), writes.NewIndex(pass.TypesInfo, pass.Files))
		return nil, nil
	},
}

// show reports, for every call show(x), the one constant value the
// assignment index gives x ({?} when it has none) and what the write
// index makes of x.
func show(pass *analysis.Pass, vars *values.Vars, w *writes.Index) {
	for _, f := range pass.Files {
		ast.Inspect(f, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok || len(call.Args) != 1 {
				return true
			}
			if id, ok := call.Fun.(*ast.Ident); !ok || id.Name != "show" {
				return true
			}
			arg := call.Args[0]
			only := "{?}"
			if v := vars.VarOf(arg); v != nil {
				if d, ok := vars.Only(v); ok && d.Index < 0 && !d.Zero() {
					if tv := pass.TypesInfo.Types[d.Rhs]; tv.Value != nil && tv.Value.Kind() == constant.String {
						only = constant.StringVal(tv.Value)
					}
				}
			}
			pass.Reportf(call.Pos(), "only=%s writes=%s", only, types.ExprString(w.Vars.Resolve(arg)))
			return true
		})
	}
}
