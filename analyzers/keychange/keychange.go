package keychange

import (
	_ "embed"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/analysis"

	"github.com/tablelint/tablelint/analyzers/internal/diag"
	"github.com/tablelint/tablelint/analyzers/internal/docs"
	"github.com/tablelint/tablelint/analyzers/internal/flow"
	"github.com/tablelint/tablelint/analyzers/internal/index"
	"github.com/tablelint/tablelint/analyzers/internal/sdk"
	"github.com/tablelint/tablelint/analyzers/internal/writes"
)

//go:embed doc.go
var doc string

// Analyzer reports TL417.
var Analyzer = &analysis.Analyzer{
	Name:     "keychange",
	Doc:      docs.MustExtract(doc, "keychange"),
	URL:      "https://pkg.go.dev/github.com/tablelint/tablelint/analyzers/keychange",
	Requires: []*analysis.Analyzer{index.Analyzer, flow.Analyzer},
	Run:      run,
}

func run(pass *analysis.Pass) (any, error) {
	x := index.Of(pass)
	deletes := map[*ast.BlockStmt]bool{}
	for _, w := range x.Calls {
		if w.Via != nil || w.Closure != nil || w.Legacy || w.Entity == nil || w.Body == nil {
			continue
		}
		del, seen := deletes[w.Body]
		if !seen {
			del = deletesIn(pass.TypesInfo, w.Body)
			deletes[w.Body] = del
		}
		if !del {
			check(pass, x, w)
		}
	}
	return nil, nil
}

func check(pass *analysis.Pass, x *index.Index, w index.Call) {
	vars := map[*types.Var]bool{}
	for _, v := range x.Writes.RootsOf(w.Entity).Vars {
		vars[v] = true
	}
	fl := flow.Of(pass)
	for _, d := range x.Writes.DecodesIn(w.Body) {
		if !vars[d.Dst] || d.Call.Pos() > w.Call.Pos() {
			continue
		}
		r, ok := x.Writes.ReadOf(d.Src)
		if !ok || r.Call == nil || len(r.Call.Args) < 3 {
			continue
		}
		if writes.DifferentTables(x.Writes.TableAt(fl, r.Call), x.Writes.TableAt(fl, w.Call)) {
			continue
		}
		key, at := keyAssigned(pass.TypesInfo, w.Body, d.Dst, d.Call.End(), w.Call.Pos(), func(k string, rhs ast.Expr) bool {
			arg := r.Call.Args[1]
			if k == "RowKey" {
				arg = r.Call.Args[2]
			}
			return x.Writes.SameText(fl, rhs, arg)
		})
		if at == nil {
			continue
		}
		diag.Report(pass, "TL417", w.Call,
			"%s writes the entity read at line %d with a new %s (line %d): the original stays",
			w.Method, pass.Fset.Position(r.Call.Pos()).Line, key, pass.Fset.Position(at.Pos()).Line)
		return
	}
}

// keyAssigned returns the first assignment in body, between from and to,
// of v's PartitionKey or RowKey (a field, promoted or not, or a map
// entry) to something other than the value it was read with (same).
func keyAssigned(info *types.Info, body *ast.BlockStmt, v *types.Var, from, to token.Pos, same func(key string, rhs ast.Expr) bool) (string, ast.Node) {
	var key string
	var at ast.Node
	ast.Inspect(body, func(n ast.Node) bool {
		as, ok := n.(*ast.AssignStmt)
		if !ok || at != nil {
			return at == nil
		}
		if as.Pos() < from || as.Pos() > to {
			return true
		}
		for i, lhs := range as.Lhs {
			k := keyOf(info, lhs, v)
			if k == "" {
				continue
			}
			if len(as.Rhs) == len(as.Lhs) && same(k, as.Rhs[i]) {
				continue
			}
			key, at = k, as
			return false
		}
		return true
	})
	return key, at
}

// keyOf returns "PartitionKey" or "RowKey" when e is that key of v:
// v.RowKey, v.Entity.RowKey, v["RowKey"].
func keyOf(info *types.Info, e ast.Expr, v *types.Var) string {
	var name string
	var base ast.Expr
	switch e := ast.Unparen(e).(type) {
	case *ast.SelectorExpr:
		name, base = e.Sel.Name, e.X
		if s := info.Selections[e]; s == nil || s.Kind() != types.FieldVal {
			return ""
		}
	case *ast.IndexExpr:
		tv := info.Types[e.Index]
		if tv.Value == nil || tv.Value.Kind() != constant.String {
			return ""
		}
		if _, ok := info.TypeOf(e.X).Underlying().(*types.Map); !ok {
			return ""
		}
		name, base = constant.StringVal(tv.Value), e.X
	default:
		return ""
	}
	if name != "PartitionKey" && name != "RowKey" {
		return ""
	}
	for {
		switch b := ast.Unparen(base).(type) {
		case *ast.Ident:
			if info.ObjectOf(b) == v {
				return name
			}
			return ""
		case *ast.SelectorExpr:
			if sel := info.Selections[b]; sel != nil && sel.Kind() == types.FieldVal && sdk.IsAztablesType(sel.Obj().Type(), "Entity") {
				base = b.X // v.Entity.RowKey
				continue
			}
			return ""
		case *ast.StarExpr:
			base = b.X
		default:
			return ""
		}
	}
}

// deletesIn reports whether body deletes an entity: a DeleteEntity call,
// or a TransactionTypeDelete action.
func deletesIn(info *types.Info, body *ast.BlockStmt) bool {
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.CallExpr:
			if sdk.CallOp(info, n) == (sdk.Op{Kind: sdk.Delete}) {
				found = true
			}
		case *ast.Ident:
			if c, ok := info.Uses[n].(*types.Const); ok && n.Name == "TransactionTypeDelete" && c.Pkg() != nil && sdk.IsPath(c.Pkg().Path(), sdk.AztablesPath) {
				found = true
			}
		}
		return !found
	})
	return found
}
