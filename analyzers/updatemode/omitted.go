package updatemode

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"slices"
	"strings"

	"github.com/tablelint/tablelint/analyzers/internal/diag"
	"github.com/tablelint/tablelint/analyzers/internal/index"
	"github.com/tablelint/tablelint/analyzers/internal/writes"
	"github.com/tablelint/tablelint/internal/finding"
)

// omitted reports TL129: a Replace of an entity literal built in the
// function that leaves out a property because its field is nil (a JSON
// null, which "is handled as if the payload did not contain that
// property") or empty under omitempty/omitzero. The Replace deletes the
// stored property.
func (c *checker) omitted(w index.Call) {
	roots := c.x.Writes.RootsOf(w.Entity)
	if len(roots.Lits) != 1 || len(roots.Refs) > 0 {
		return
	}
	lit := roots.Lits[0]
	if !writes.Contains(w.Body, lit) {
		return
	}
	for _, v := range roots.Vars {
		// Each variable on the way holds one value: p := Profile{…} and
		// b, _ := json.Marshal(p), not p = given on another path.
		if d, ok := c.x.Vars.Only(v); !ok || d.Zero() || d.Index > 0 {
			return
		}
	}
	t := c.pass.TypesInfo.TypeOf(lit)
	var names []string
	switch {
	case writes.IsStringMap(t):
		names = c.nilEntries(lit)
	case writes.IsEntityStruct(t) && !writes.OwnEncoding(t):
		names = c.emptyFields(lit, w.Body)
	}
	if len(names) == 0 {
		return
	}
	slices.Sort(names)
	diag.Report(c.pass, "TL129", w.Call, "%s", diag.Fit(
		w.Method+" in Replace mode sends no "+finding.Clip(strings.Join(names, ", "))+" (nil or empty): deleted",
		w.Method+" in Replace mode leaves out nil or empty properties: they are deleted"))
}

// nilEntries returns the entries of a map literal whose value is nil.
func (c *checker) nilEntries(lit *ast.CompositeLit) []string {
	var out []string
	for _, el := range lit.Elts {
		kv, ok := el.(*ast.KeyValueExpr)
		if !ok {
			continue
		}
		name, ok := c.x.Writes.ConstString(kv.Key)
		if !ok || isSystem(name) {
			continue
		}
		if tv, ok := c.pass.TypesInfo.Types[kv.Value]; ok && tv.IsNil() {
			out = append(out, name)
		}
	}
	return out
}

func isSystem(name string) bool {
	return name == writes.PartitionKey || name == writes.RowKey || name == writes.Timestamp ||
		strings.HasPrefix(name, "odata.") || strings.Contains(name, "@odata.")
}

// emptyFields returns the JSON names of the fields of a struct literal
// that encoding/json writes as null or leaves out: a pointer, slice, map
// or interface field (null when nil) or an omitempty field (left out
// when empty) or an omitzero field, which the literal leaves unset — and
// the function never assigns or passes by address — or sets to nil or a
// zero constant.
func (c *checker) emptyFields(lit *ast.CompositeLit, body *ast.BlockStmt) []string {
	t := c.pass.TypesInfo.TypeOf(lit)
	st := writes.StructOf(t)
	if st == nil {
		return nil
	}
	for _, el := range lit.Elts {
		if _, ok := el.(*ast.KeyValueExpr); !ok {
			return nil // positional: every field is given; values not followed
		}
	}
	var out []string
	for _, f := range writes.JSONFields(t) {
		if isSystem(f.Name) {
			continue
		}
		nilable := isNilable(f.Var.Type())
		omitEmpty := f.HasOption("omitempty") && !isStruct(f.Var.Type())
		if !nilable && !omitEmpty && !f.HasOption("omitzero") {
			continue
		}
		if f.HasOption("string") && !nilable {
			continue
		}
		var val ast.Expr
		if direct(st, f.Var) {
			val = fieldValue(lit, f.Var.Name())
		} else if embeddedSet(lit, st) {
			continue // a promoted field the embedded literal may set: not followed
		}
		switch {
		case val == nil:
			if c.fieldUsed(body, f.Var, lit) {
				continue
			}
		case !c.isZero(val):
			continue
		}
		out = append(out, f.Name)
	}
	return out
}

// embeddedSet reports whether a keyed literal of struct st sets one of
// its embedded fields.
func embeddedSet(lit *ast.CompositeLit, st *types.Struct) bool {
	for i := 0; i < st.NumFields(); i++ {
		if st.Field(i).Embedded() && fieldValue(lit, st.Field(i).Name()) != nil {
			return true
		}
	}
	return false
}

// direct reports whether f is a field of st itself (not promoted).
func direct(st *types.Struct, f *types.Var) bool {
	for i := 0; i < st.NumFields(); i++ {
		if st.Field(i) == f {
			return true
		}
	}
	return false
}

// fieldValue returns the value a keyed struct literal gives the field
// called name, or nil.
func fieldValue(lit *ast.CompositeLit, name string) ast.Expr {
	for _, el := range lit.Elts {
		if kv, ok := el.(*ast.KeyValueExpr); ok {
			if id, ok := kv.Key.(*ast.Ident); ok && id.Name == name {
				return kv.Value
			}
		}
	}
	return nil
}

// isNilable reports whether values of t marshal to null when nil.
func isNilable(t types.Type) bool {
	switch t.Underlying().(type) {
	case *types.Pointer, *types.Slice, *types.Map, *types.Interface:
		return true
	}
	return false
}

func isStruct(t types.Type) bool {
	_, ok := t.Underlying().(*types.Struct)
	return ok
}

// isZero reports whether e is nil or a zero constant ("", 0, false).
func (c *checker) isZero(e ast.Expr) bool {
	tv, ok := c.pass.TypesInfo.Types[e]
	if !ok {
		return false
	}
	if tv.IsNil() {
		return true
	}
	if tv.Value == nil {
		return false
	}
	switch tv.Value.Kind() {
	case constant.String:
		return constant.StringVal(tv.Value) == ""
	case constant.Bool:
		return !constant.BoolVal(tv.Value)
	case constant.Int, constant.Float:
		return constant.Sign(tv.Value) == 0
	}
	return false
}

// fieldUsed reports whether body selects field f anywhere (x.F = …, or a
// read the analyzer does not follow), or takes the address of a
// variable (a helper may fill the entity) other than through
// json.Marshal(&v); lit itself is skipped.
func (c *checker) fieldUsed(body *ast.BlockStmt, f *types.Var, lit *ast.CompositeLit) bool {
	if body == nil {
		return true
	}
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		if found || n == lit {
			return false
		}
		switch n := n.(type) {
		case *ast.SelectorExpr:
			s := c.pass.TypesInfo.Selections[n]
			if s == nil {
				return true
			}
			if s.Obj() == f {
				found = true
			}
			// p.SetAvatar(…): a method with a pointer receiver may set it.
			if sig, ok := s.Obj().Type().(*types.Signature); ok && s.Kind() == types.MethodVal && sig.Recv() != nil {
				if _, ptr := sig.Recv().Type().(*types.Pointer); ptr {
					obj, _, _ := types.LookupFieldOrMethod(s.Recv(), true, f.Pkg(), f.Name())
					found = obj == f
				}
			}
		case *ast.CallExpr:
			if writes.MarshalArg(c.pass.TypesInfo, n) != nil {
				return false
			}
		case *ast.UnaryExpr:
			if n.Op == token.AND {
				if _, isLit := ast.Unparen(n.X).(*ast.CompositeLit); !isLit {
					found = true
				}
			}
		}
		return !found
	})
	return found
}
