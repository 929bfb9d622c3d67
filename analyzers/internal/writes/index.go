// Package writes finds where Go code writes Azure Table entities and what
// goes into them: the SDK calls that write, the values given to
// PartitionKey and RowKey, the expressions that build an entity before it
// is marshalled, and the properties it is filled with. The write-side
// analyzers (keyformat, timepartition, entityshape, transactions) share it.
//
// Everything here is syntactic plus go/types: it follows local and
// package variables through their assignments, json.Marshal and & / *,
// never through function calls it does not know, and gives up (returns
// nothing) where the code is not understood.
package writes

import (
	"go/ast"
	"go/token"
	"go/types"
)

// MaxDepth bounds how far roots and derivations follow variables.
const MaxDepth = 10

// Def is one assignment to a variable: Rhs is the assigned expression; if
// Rhs is a call returning several values (a, err := f()), Index is the
// position of the variable among them, otherwise -1.
type Def struct {
	Rhs   ast.Expr
	Index int
}

// Index indexes a package's variables: every assignment to each, and
// which are incremented (x++, x += …).
type Index struct {
	Info  *types.Info
	Files []*ast.File
	defs  map[*types.Var][]Def
	incs  map[*types.Var]bool
	// opaque marks variables assigned in ways that cannot be followed
	// (range, x op= …, a tuple from a non-call).
	opaque map[*types.Var]bool
}

// NewIndex indexes files.
func NewIndex(info *types.Info, files []*ast.File) *Index {
	x := &Index{Info: info, Files: files, defs: map[*types.Var][]Def{}, incs: map[*types.Var]bool{}, opaque: map[*types.Var]bool{}}
	for _, f := range files {
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.AssignStmt:
				x.assign(n.Lhs, n.Rhs, n.Tok)
			case *ast.ValueSpec:
				lhs := make([]ast.Expr, len(n.Names))
				for i, id := range n.Names {
					lhs[i] = id
				}
				if len(n.Values) > 0 {
					x.assign(lhs, n.Values, token.DEFINE)
				}
			case *ast.IncDecStmt:
				if v := x.VarOf(n.X); v != nil {
					x.incs[v] = true
				}
			case *ast.RangeStmt:
				for _, e := range []ast.Expr{n.Key, n.Value} {
					if v := x.VarOf(e); v != nil {
						x.opaque[v] = true
					}
				}
			}
			return true
		})
	}
	return x
}

func (x *Index) assign(lhs, rhs []ast.Expr, tok token.Token) {
	for i, l := range lhs {
		v := x.VarOf(l)
		if v == nil {
			continue
		}
		switch {
		case tok != token.ASSIGN && tok != token.DEFINE:
			x.incs[v] = true
			x.opaque[v] = true
		case len(lhs) == len(rhs):
			x.defs[v] = append(x.defs[v], Def{Rhs: rhs[i], Index: -1})
		case len(rhs) == 1:
			x.defs[v] = append(x.defs[v], Def{Rhs: rhs[0], Index: i})
		default:
			x.opaque[v] = true
		}
	}
}

// VarOf returns the variable (not a field) e names, or nil.
func (x *Index) VarOf(e ast.Expr) *types.Var {
	id, ok := ast.Unparen(e).(*ast.Ident)
	if !ok {
		return nil
	}
	obj := x.Info.Defs[id]
	if obj == nil {
		obj = x.Info.Uses[id]
	}
	v, _ := obj.(*types.Var)
	if v == nil || v.IsField() {
		return nil
	}
	return v
}

// Defs returns every assignment to v that can be followed.
func (x *Index) Defs(v *types.Var) []Def { return x.defs[v] }

// Only returns v's only assignment, if v is assigned exactly once and
// never in a way that cannot be followed.
func (x *Index) Only(v *types.Var) (Def, bool) {
	ds := x.defs[v]
	if len(ds) != 1 || x.opaque[v] || x.incs[v] {
		return Def{}, false
	}
	return ds[0], true
}

// Incremented reports whether v is ever the operand of ++, -- or op=.
func (x *Index) Incremented(v *types.Var) bool { return x.incs[v] }

// IsPackageVar reports whether v is declared at package level.
func IsPackageVar(v *types.Var) bool {
	return v != nil && v.Pkg() != nil && v.Parent() == v.Pkg().Scope()
}

// Resolve follows e through parentheses and variables with a single
// assignment (not a tuple) to the expression that produces its value.
func (x *Index) Resolve(e ast.Expr) ast.Expr {
	for range MaxDepth {
		e = ast.Unparen(e)
		v := x.VarOf(e)
		if v == nil {
			return e
		}
		d, ok := x.Only(v)
		if !ok || d.Index >= 0 {
			return e
		}
		e = d.Rhs
	}
	return e
}

// FileOf returns the file of the index that contains pos.
func (x *Index) FileOf(pos token.Pos) *ast.File {
	for _, f := range x.Files {
		if f.FileStart <= pos && pos <= f.FileEnd {
			return f
		}
	}
	return nil
}
