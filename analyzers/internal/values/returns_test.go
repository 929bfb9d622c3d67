package values_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"testing"

	"github.com/tablelint/tablelint/analyzers/internal/values"
)

func TestReturns(t *testing.T) {
	const src = `package p

type err struct{}

func (err) Error() string { return "" }

func key(x string) (string, error) {
	if x == "" {
		return "", err{}
	}
	f := func() (string, error) { return "inner", nil }
	_ = f
	return "k/" + x, nil
}

func both() (string, error) { return key("a") }

func naked() (s string, e error) { s = "n"; return }
`
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "p.go", src, 0)
	if err != nil {
		t.Fatal(err)
	}
	info := &types.Info{Types: map[ast.Expr]types.TypeAndValue{}, Defs: map[*ast.Ident]types.Object{}, Uses: map[*ast.Ident]types.Object{}}
	pkg, err := new(types.Config).Check("p", fset, []*ast.File{f}, info)
	if err != nil {
		t.Fatal(err)
	}
	vars := values.NewVars(info, []*ast.File{f}, nil)
	fn := func(name string) *types.Func { return pkg.Scope().Lookup(name).(*types.Func) }
	text := func(es []ast.Expr) []string {
		var out []string
		for _, e := range es {
			if e == nil {
				out = append(out, "<nil>")
			} else {
				out = append(out, types.ExprString(e))
			}
		}
		return out
	}
	for _, tc := range []struct {
		fn    string
		index int
		want  []string
	}{
		{"key", 0, []string{`""`, `"k/" + x`}}, // not the closure's return
		{"key", 1, []string{"err{}", "nil"}},
		{"both", 0, []string{"<nil>"}},  // one call gives every result
		{"naked", 0, []string{"<nil>"}}, // a naked return
	} {
		exprs, stmts := vars.Returns(fn(tc.fn), tc.index)
		got := text(exprs)
		if len(got) != len(tc.want) || len(stmts) != len(exprs) {
			t.Errorf("Returns(%s, %d) = %q (%d statements), want %q", tc.fn, tc.index, got, len(stmts), tc.want)
			continue
		}
		for i := range got {
			if got[i] != tc.want[i] {
				t.Errorf("Returns(%s, %d) = %q, want %q", tc.fn, tc.index, got, tc.want)
				break
			}
		}
	}
}
