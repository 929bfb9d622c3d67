package values_test

import (
	"fmt"
	"go/ast"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/tablelint/tablelint/analyzers/internal/sdktest"
	"github.com/tablelint/tablelint/analyzers/internal/values"
)

// probe reports the reconstruction of the argument of every call of a
// function named show, as text with holes written {verb,func,flags}.
var probe = &analysis.Analyzer{
	Name: "probe",
	Doc:  "reports reconstructed values",
	Run: func(pass *analysis.Pass) (any, error) {
		r := values.NewResolver(pass.TypesInfo, pass.Files)
		for _, f := range pass.Files {
			ast.Inspect(f, func(n ast.Node) bool {
				call, ok := n.(*ast.CallExpr)
				if !ok || len(call.Args) != 1 {
					return true
				}
				if id, ok := call.Fun.(*ast.Ident); !ok || id.Name != "show" {
					return true
				}
				pass.Reportf(call.Pos(), "%s", render(r.Of(call.Args[0])))
				return true
			})
		}
		return nil, nil
	},
}

func render(v values.Value) string {
	var b strings.Builder
	for _, p := range v.Parts {
		if p.Hole == nil {
			b.WriteString(p.Text)
			continue
		}
		h := p.Hole
		var flags []string
		if h.Verb != "" {
			flags = append(flags, h.Verb)
		}
		if h.Func != "" {
			flags = append(flags, h.Func)
		}
		if h.Param != nil {
			flags = append(flags, "param "+h.Param.Name())
		}
		if h.CannotCarryQuote() {
			flags = append(flags, "safe")
		}
		fmt.Fprintf(&b, "{%s}", strings.Join(flags, ","))
	}
	return b.String()
}

func TestReconstruct(t *testing.T) {
	analysistest.Run(t, sdktest.GOPATH(t, analysistest.TestData()), probe, "recon")
}
