package ssabuild

import (
	"go/ast"
	"go/token"
	"go/types"
)

// maxTypeDepth bounds the walk of one type's structure (named types
// stop it); a deeper type counts as ill-typed.
const maxTypeDepth = 64

// wellTyped returns copies of files and info from which what is
// ill-typed is left out (see the package documentation). A file, a
// declaration or an Info with nothing left out is shared, not copied.
func wellTyped(pkg *types.Package, files []*ast.File, info *types.Info) ([]*ast.File, *types.Info) {
	c := &typeCheck{info: info}
	out := make([]*ast.File, len(files))
	for i, f := range files {
		out[i] = c.file(pkg, f)
	}
	var order []*types.Initializer
	dropped := false
	for _, in := range info.InitOrder {
		if c.expr(in.Rhs) && c.vars(in.Lhs) {
			order = append(order, in)
		} else {
			dropped = true
		}
	}
	if !dropped {
		return out, info
	}
	copied := *info
	copied.InitOrder = order
	return out, &copied
}

// typeCheck decides whether syntax is well-typed by the type checker's
// records.
type typeCheck struct {
	info *types.Info
}

// file returns f, or a shallow copy whose ill-typed declarations are
// replaced by well-typed copies.
func (c *typeCheck) file(pkg *types.Package, f *ast.File) *ast.File {
	var decls []ast.Decl
	for i, d := range f.Decls {
		nd, keep := c.decl(pkg, d)
		if nd == d && keep {
			if decls != nil {
				decls = append(decls, d)
			}
			continue
		}
		if decls == nil {
			decls = append(make([]ast.Decl, 0, len(f.Decls)), f.Decls[:i]...)
		}
		if keep {
			decls = append(decls, nd)
		}
	}
	if decls == nil {
		return f
	}
	copied := *f
	copied.Decls = decls
	return &copied
}

// decl returns d, a copy of d without its ill-typed parts, or keep
// false when nothing of d can be given to the builder.
func (c *typeCheck) decl(pkg *types.Package, d ast.Decl) (_ ast.Decl, keep bool) {
	switch d := d.(type) {
	case *ast.FuncDecl:
		fn, ok := c.info.Defs[d.Name].(*types.Func)
		if !ok {
			return nil, false
		}
		if d.Recv == nil && d.Name.Name != "init" && d.Name.Name != "_" && pkg.Scope().Lookup(d.Name.Name) != fn {
			return nil, false // a second declaration of the name
		}
		sig := fn.Signature()
		sigOK := (sig.Recv() == nil || c.typ(sig.Recv().Type(), 0)) && c.typ(sig, 0)
		if d.Body == nil || sigOK && c.node(d.Body) {
			return d, true
		}
		copied := *d
		copied.Body = nil
		if sigOK {
			copied.Body = c.pruned(d.Body)
		}
		return &copied, true
	case *ast.GenDecl:
		var specs []ast.Spec
		for i, s := range d.Specs {
			if c.spec(d.Tok, s) {
				if specs != nil {
					specs = append(specs, s)
				}
				continue
			}
			if specs == nil {
				specs = append(make([]ast.Spec, 0, len(d.Specs)), d.Specs[:i]...)
			}
		}
		if specs == nil {
			return d, true
		}
		copied := *d
		copied.Specs = specs
		return &copied, true
	}
	return d, true
}

// spec reports whether the builder may be given s: every name it
// declares has an object (of valid type, for a constant). A variable's
// initializer is judged apart, in Info.InitOrder.
func (c *typeCheck) spec(tok token.Token, s ast.Spec) bool {
	switch s := s.(type) {
	case *ast.ValueSpec:
		for _, id := range s.Names {
			obj := c.info.Defs[id]
			if obj == nil {
				return false
			}
			if tok == token.CONST && !c.typ(obj.Type(), 0) {
				return false
			}
		}
	case *ast.TypeSpec:
		return c.info.Defs[s.Name] != nil
	}
	return true
}

func (c *typeCheck) vars(vs []*types.Var) bool {
	for _, v := range vs {
		if !c.typ(v.Type(), 0) {
			return false
		}
	}
	return true
}

func (c *typeCheck) expr(e ast.Expr) bool { return c.node(e) }

// node reports whether every expression under n has a recorded type
// (or object) and every such type is valid.
func (c *typeCheck) node(n ast.Node) bool { return c.illTyped(n) == nil }

// illTyped returns the first node under n without a recorded type (or
// object) or with an invalid one, or nil.
func (c *typeCheck) illTyped(n ast.Node) ast.Node {
	var bad ast.Node
	ast.Inspect(n, func(n ast.Node) bool {
		if bad != nil {
			return false
		}
		switch n := n.(type) {
		case *ast.Field:
			// A struct tag is not an expression.
			for _, id := range n.Names {
				if !c.ident(id) {
					bad = id
					return false
				}
			}
			bad = c.illTyped(n.Type)
			return false
		case *ast.Ident:
			if !c.ident(n) {
				bad = n
			}
			return false
		case *ast.TypeAssertExpr:
			if n.Type == nil { // x.(type), not recorded
				return true
			}
			if !c.recorded(n) {
				bad = n
			}
		case *ast.CallExpr, *ast.SelectorExpr, *ast.BinaryExpr, *ast.UnaryExpr,
			*ast.IndexExpr, *ast.IndexListExpr, *ast.SliceExpr, *ast.StarExpr,
			*ast.ParenExpr, *ast.BasicLit, *ast.CompositeLit, *ast.FuncLit:
			// The type checker records each of these when it is valid.
			if !c.recorded(n.(ast.Expr)) {
				bad = n
			}
		}
		return bad == nil
	})
	return bad
}

// recorded reports whether e has a recorded, valid type.
func (c *typeCheck) recorded(e ast.Expr) bool {
	tv, ok := c.info.Types[e]
	return ok && c.typ(tv.Type, 0)
}

// ident reports whether id is recorded (as an expression, a definition
// or a use) with a valid type.
func (c *typeCheck) ident(id *ast.Ident) bool {
	if id.Name == "_" {
		return true
	}
	if _, ok := c.info.Uses[id].(*types.Builtin); ok {
		return true // its recorded type may be invalid (len of a constant)
	}
	if tv, ok := c.info.Types[id]; ok && !c.typ(tv.Type, 0) {
		return false
	}
	obj, used := c.info.Uses[id]
	if !used {
		var defined bool
		obj, defined = c.info.Defs[id]
		if !defined {
			_, ok := c.info.Types[id]
			return ok
		}
	}
	switch obj.(type) {
	case nil, *types.PkgName, *types.Label, *types.Builtin, *types.Nil:
		return true
	}
	return c.typ(obj.Type(), 0)
}

// typ reports whether t is valid: neither it nor a type it is made of
// is invalid. A named type counts as valid unless its underlying type
// is itself invalid (a named struct with a field of invalid type is
// valid: the field's uses are not).
func (c *typeCheck) typ(t types.Type, depth int) bool {
	if depth > maxTypeDepth {
		return false
	}
	depth++
	switch t := t.(type) {
	case nil:
		return true
	case *types.Basic:
		return t.Kind() != types.Invalid
	case *types.Alias:
		return c.typ(types.Unalias(t), depth)
	case *types.Named:
		if b, ok := t.Underlying().(*types.Basic); ok && b.Kind() == types.Invalid {
			return false
		}
		for i := 0; i < t.TypeArgs().Len(); i++ {
			if !c.typ(t.TypeArgs().At(i), depth) {
				return false
			}
		}
		return true
	case *types.TypeParam:
		return true
	case *types.Pointer:
		return c.typ(t.Elem(), depth)
	case *types.Slice:
		return c.typ(t.Elem(), depth)
	case *types.Array:
		return c.typ(t.Elem(), depth)
	case *types.Chan:
		return c.typ(t.Elem(), depth)
	case *types.Map:
		return c.typ(t.Key(), depth) && c.typ(t.Elem(), depth)
	case *types.Tuple:
		if t == nil {
			return true
		}
		for i := 0; i < t.Len(); i++ {
			if !c.typ(t.At(i).Type(), depth) {
				return false
			}
		}
		return true
	case *types.Signature:
		// The receiver is not walked: that of an interface's method is
		// the interface itself.
		return c.typ(t.Params(), depth) && c.typ(t.Results(), depth)
	case *types.Struct:
		for i := 0; i < t.NumFields(); i++ {
			if !c.typ(t.Field(i).Type(), depth) {
				return false
			}
		}
		return true
	case *types.Interface:
		for i := 0; i < t.NumMethods(); i++ {
			if !c.typ(t.Method(i).Type(), depth) {
				return false
			}
		}
		for i := 0; i < t.NumEmbeddeds(); i++ {
			if !c.typ(t.EmbeddedType(i), depth) {
				return false
			}
		}
		return true
	case *types.Union:
		for i := 0; i < t.Len(); i++ {
			if !c.typ(t.Term(i).Type(), depth) {
				return false
			}
		}
		return true
	}
	return false
}
