package filterflow

import (
	"go/ast"
	"go/types"

	"github.com/tablelint/tablelint/analyzers/internal/sdk"
)

// resolve returns call as the code means it: a call of a variable that
// is assigned once a method value (list := c.NewListEntitiesPager), a
// function or a generic instantiation becomes a call of that, with the
// same arguments. Other calls are returned as they are.
func (st *state) resolve(call *ast.CallExpr) *ast.CallExpr {
	id, ok := ast.Unparen(call.Fun).(*ast.Ident)
	if !ok {
		return call
	}
	v, ok := st.pass.TypesInfo.Uses[id].(*types.Var)
	if !ok {
		return call
	}
	a := st.vars.SingleAssignment(v)
	if a == nil {
		return call
	}
	switch fun := ast.Unparen(a).(type) {
	case *ast.SelectorExpr, *ast.Ident, *ast.IndexExpr, *ast.IndexListExpr:
		c := *call
		c.Fun = fun
		return &c
	}
	return call
}

// callee returns the function call runs: its static callee (through a
// variable, see resolve), or the synthetic function of a closure stored
// in a variable; nil if unknown.
func (st *state) callee(call *ast.CallExpr) *types.Func {
	info := st.pass.TypesInfo
	if fn := sdk.Callee(info, st.resolve(call)); fn != nil {
		return fn
	}
	id, ok := ast.Unparen(call.Fun).(*ast.Ident)
	if !ok {
		return st.typeFactory(info.TypeOf(call.Fun))
	}
	v, ok := info.Uses[id].(*types.Var)
	if !ok {
		return nil
	}
	if v.IsField() {
		return st.typeFactory(v.Type())
	}
	switch a := ast.Unparen(st.vars.SingleAssignment(v)).(type) {
	case *ast.FuncLit:
		return st.litFuncs[a]
	case *ast.CallExpr: // run := collect(ctx, c), collect returning a literal
		if lit := st.factories[sdk.Callee(info, a)]; lit != nil {
			return st.litFuncs[lit]
		}
	}
	return nil
}

// typeFactory returns, for a value of t, a function type the package
// declares (type Lister func(*aztables.ListEntitiesOptions) Pages) held
// where the analyzer cannot see which function it is (a struct field, a
// parameter), the synthetic function of the one factory of the package
// that returns a t and whose literal runs a query (func ClientLister(api)
// Lister { return func(o …) Pages { return api.NewListEntitiesPager(o) } }).
// As for an interface method (Program.Dispatch), a call may run any
// function of its type, and the factories that run no query (a test's
// fake) add none; with several that do, nil.
func (st *state) typeFactory(t types.Type) *types.Func {
	named, ok := types.Unalias(t).(*types.Named)
	if !ok || named.Obj().Pkg() != st.pass.Pkg {
		return nil
	}
	if _, ok := named.Underlying().(*types.Signature); !ok {
		return nil
	}
	var found *types.Func
	for fn, lit := range st.factories {
		res := fn.Type().(*types.Signature).Results()
		synth := st.litFuncs[lit]
		if res.Len() != 1 || !types.Identical(res.At(0).Type(), named) || synth == nil || st.sinks[synth] == nil {
			continue
		}
		if found != nil {
			return nil
		}
		found = synth
	}
	return found
}

// indexFactory records decl when its one return statement returns a
// function literal, giving the literal a synthetic function named after
// decl.
func (st *state) indexFactory(decl *ast.FuncDecl) {
	fn, ok := st.pass.TypesInfo.Defs[decl.Name].(*types.Func)
	if !ok || decl.Body == nil {
		return
	}
	var rets []*ast.ReturnStmt
	ast.Inspect(decl.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false // its returns are its own
		case *ast.ReturnStmt:
			rets = append(rets, n)
		}
		return true
	})
	if len(rets) != 1 || len(rets[0].Results) != 1 {
		return
	}
	lit, ok := ast.Unparen(rets[0].Results[0]).(*ast.FuncLit)
	if !ok {
		return
	}
	sig, ok := st.pass.TypesInfo.TypeOf(lit).(*types.Signature)
	if !ok {
		return
	}
	synth := types.NewFunc(lit.Pos(), st.pass.Pkg, decl.Name.Name+"(…)", sig)
	st.litFuncs[lit] = synth
	st.synthetic[synth] = true
	st.factories[fn] = lit
}

// indexClosures gives each function literal stored once in a variable a
// synthetic function object named after the variable.
func (st *state) indexClosures() {
	info := st.pass.TypesInfo
	st.litFuncs = map[*ast.FuncLit]*types.Func{}
	st.synthetic = map[*types.Func]bool{}
	add := func(id *ast.Ident, rhs ast.Expr) {
		lit, ok := ast.Unparen(rhs).(*ast.FuncLit)
		if !ok {
			return
		}
		v, ok := info.ObjectOf(id).(*types.Var)
		if !ok || st.vars.SingleAssignment(v) != rhs {
			return
		}
		sig, ok := info.TypeOf(lit).(*types.Signature)
		if !ok {
			return
		}
		fn := types.NewFunc(lit.Pos(), st.pass.Pkg, v.Name(), sig)
		st.litFuncs[lit] = fn
		st.synthetic[fn] = true
	}
	st.factories = map[*types.Func]*ast.FuncLit{}
	for _, f := range st.pass.Files {
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.FuncDecl:
				st.indexFactory(n)
			case *ast.AssignStmt:
				if len(n.Lhs) == len(n.Rhs) {
					for i, l := range n.Lhs {
						if id, ok := l.(*ast.Ident); ok {
							add(id, n.Rhs[i])
						}
					}
				}
			case *ast.ValueSpec:
				if len(n.Names) == len(n.Values) {
					for i, id := range n.Names {
						add(id, n.Values[i])
					}
				}
			}
			return true
		})
	}
}
