package writes

import (
	"go/ast"
	"go/types"
	"strings"

	"github.com/tablelint/tablelint/analyzers/internal/flow"
	"github.com/tablelint/tablelint/analyzers/internal/sdk"
)

// Decode is a json.Unmarshal call that fills a variable.
type Decode struct {
	Call *ast.CallExpr
	Src  ast.Expr   // the data decoded
	Dst  *types.Var // the variable filled (json.Unmarshal(b, &v) or v)
}

// DecodesIn returns the json.Unmarshal calls under n that fill a
// variable, in source order.
func (x *Index) DecodesIn(n ast.Node) []Decode {
	var out []Decode
	if n == nil {
		return nil
	}
	ast.Inspect(n, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok || len(call.Args) != 2 || !sdk.IsFunc(x.Info, call, "encoding/json", "Unmarshal") {
			return true
		}
		dst := ast.Unparen(call.Args[1])
		if u, ok := dst.(*ast.UnaryExpr); ok {
			dst = ast.Unparen(u.X)
		}
		if v := x.VarOf(dst); v != nil {
			out = append(out, Decode{Call: call, Src: call.Args[0], Dst: v})
		}
		return true
	})
	return out
}

// Read is an entity read with aztables Client.GetEntity.
type Read struct {
	// Call is the GetEntity call; nil when the response is a parameter
	// (a helper given the response: its caller read it).
	Call *ast.CallExpr
	// Resp is the variable holding the response, if any.
	Resp *types.Var
}

// ReadOf reports whether e is the Value of a GetEntity response:
// resp.Value (or a variable holding it) with resp assigned from
// Client.GetEntity or a parameter of type (*)GetEntityResponse, or the
// Value of the call itself.
func (x *Index) ReadOf(e ast.Expr) (Read, bool) {
	sel, ok := x.Resolve(e).(*ast.SelectorExpr)
	if !ok || sel.Sel.Name != "Value" || !sdk.IsAztablesType(x.Info.TypeOf(sel.X), "GetEntityResponse") {
		return Read{}, false
	}
	recv := ast.Unparen(sel.X)
	if s, ok := recv.(*ast.StarExpr); ok {
		recv = ast.Unparen(s.X)
	}
	if call, ok := recv.(*ast.CallExpr); ok && sdk.IsMethod(x.Info, call, "Client", "GetEntity") {
		return Read{Call: call}, true
	}
	v := x.VarOf(recv)
	if v == nil {
		return Read{}, false
	}
	if x.IsParam(v) {
		return Read{Resp: v}, true
	}
	for _, d := range x.Defs(v) {
		if call, ok := ast.Unparen(d.Rhs).(*ast.CallExpr); ok && d.Index <= 0 && sdk.IsMethod(x.Info, call, "Client", "GetEntity") {
			return Read{Call: call, Resp: v}, true
		}
	}
	return Read{}, false
}

// StringType reports whether a value of type t marshals as a JSON string
// (a string, a pointer to one), or may (an interface); an unknown type
// (nil) counts as one, so that nothing is reported for it.
func StringType(t types.Type) bool {
	if t == nil {
		return true
	}
	if p, ok := t.Underlying().(*types.Pointer); ok {
		t = p.Elem()
	}
	if _, ok := t.Underlying().(*types.Interface); ok {
		return true
	}
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Info()&types.IsString != 0
}

// TimeType reports whether t (or what it points to) is a time that
// encodes itself: time.Time, aztables.EDMDateTime.
func TimeType(t types.Type) bool {
	if p, ok := t.Underlying().(*types.Pointer); ok {
		t = p.Elem()
	}
	return OwnEncoding(t)
}

// TimestampMistyped reports whether a Timestamp of type t is neither a
// time nor a string: a property of the reserved name (TL114), not the
// client setting the system Timestamp (TL128).
func TimestampMistyped(t types.Type) bool { return !StringType(t) && !TimeType(t) }

// OwnEncoding reports whether t or *t has its own JSON or text encoding
// (MarshalJSON, UnmarshalJSON, MarshalText, UnmarshalText): time.Time,
// uuid.UUID, aztables.EDMEntity and the EDM types. Its JSON form is not
// its fields.
func OwnEncoding(t types.Type) bool {
	if t == nil {
		return false
	}
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	for _, name := range []string{"MarshalJSON", "UnmarshalJSON", "MarshalText", "UnmarshalText"} {
		obj, _, _ := types.LookupFieldOrMethod(types.NewPointer(t), true, nil, name)
		if _, ok := obj.(*types.Func); ok {
			return true
		}
	}
	return false
}

// StructOf returns the struct type of t or *t, or nil.
func StructOf(t types.Type) *types.Struct { return structOf(t) }

// Once reports whether v holds one value wherever its function reads it:
// assigned exactly once (not a bare declaration), or a parameter never
// reassigned.
func (x *Index) Once(v *types.Var) bool {
	if v == nil {
		return false
	}
	if x.IsParam(v) {
		return true
	}
	d, ok := x.Only(v)
	return ok && !d.Zero()
}

// SameText reports whether two string expressions provably have the
// same value: the same variable held once, or equal constant text on the
// value-flow layer (flow.ExprOf: constants, concatenations and Sprintf
// of constants, through variables, helpers and every branch).
func (x *Index) SameText(fl *flow.Result, a, b ast.Expr) bool {
	return x.sameString(flowText(fl), a, b)
}

// constText returns the one constant text an expression holds.
type constText func(e ast.Expr) (string, bool)

func flowText(fl *flow.Result) constText {
	return func(e ast.Expr) (string, bool) {
		s, ok := fl.ExprText(e)
		return s, ok && s != ""
	}
}

func (x *Index) sameString(text constText, a, b ast.Expr) bool {
	if va := x.VarOf(a); va != nil && va == x.VarOf(b) && x.Once(va) {
		return true
	}
	p, okP := text(a)
	q, okQ := text(b)
	return okP && okQ && p == q
}

// Contains reports whether inner lies within outer in the source.
func Contains(outer, inner ast.Node) bool {
	return outer.Pos() <= inner.Pos() && inner.End() <= outer.End()
}

// TableAt returns what identifies the table a Client method call acts on:
// the constant table name (its text from the value-flow layer,
// flow.ExprOf) given to ServiceClient.NewClient, the constant
// URL given to an aztables.NewClient* function (through variables,
// struct fields every assignment of which gives the same one, and
// functions of the package every return of which does), or the
// client variable (a parameter, or a variable assigned once from
// something else); nil when unknown.
func (x *Index) TableAt(fl *flow.Result, call *ast.CallExpr) any {
	return x.tableOf(flowText(fl), call)
}

func (x *Index) tableOf(text constText, call *ast.CallExpr) any {
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok {
		return nil
	}
	return x.clientTable(text, sel.X, 0)
}

func (x *Index) clientTable(text constText, e ast.Expr, depth int) any {
	if depth > MaxDepth {
		return nil
	}
	recv := x.Resolve(e)
	if u, ok := recv.(*ast.StarExpr); ok {
		recv = x.Resolve(u.X)
	}
	switch n := recv.(type) {
	case *ast.CallExpr:
		var name ast.Expr
		prefix := "table:"
		switch {
		case sdk.IsMethod(x.Info, n, "ServiceClient", "NewClient") && len(n.Args) == 1:
			name = n.Args[0]
		case len(n.Args) >= 1 && (sdk.IsFunc(x.Info, n, sdk.AztablesPath, "NewClient") ||
			sdk.IsFunc(x.Info, n, sdk.AztablesPath, "NewClientWithSharedKey") ||
			sdk.IsFunc(x.Info, n, sdk.AztablesPath, "NewClientWithNoCredential")):
			name, prefix = n.Args[0], "url:"
		default:
			return x.helperTable(text, n, depth)
		}
		if t, ok := text(name); ok {
			return prefix + strings.ToLower(t)
		}
		return nil
	case *ast.SelectorExpr:
		if s := x.Info.Selections[n]; s != nil && s.Kind() == types.FieldVal {
			if f, ok := s.Obj().(*types.Var); ok {
				return x.fieldTable(text, f, depth)
			}
		}
		return nil
	}
	if v := x.VarOf(recv); x.Once(v) {
		return v
	}
	return nil
}

// helperTable returns the table every client a function or method of
// the package returns names (func (s *S) orders() *aztables.Client {
// return s.svc.NewClient("Orders") }), its return statements read as
// clientTable reads a receiver (oneTable): nil when one of them names no
// table or another one; a nil returned with an error is no client.
func (x *Index) helperTable(text constText, call *ast.CallExpr, depth int) any {
	fn := sdk.Callee(x.Info, call)
	if fn == nil || x.FuncDecl(fn) == nil {
		return nil
	}
	rets, _ := x.Returns(fn, 0)
	return x.oneTable(text, rets, depth)
}

// fieldTable returns the table every value given to struct field f in the
// package names (keyed literals and assignments), or nil.
func (x *Index) fieldTable(text constText, f *types.Var, depth int) any {
	var vals []ast.Expr
	for _, file := range x.Files {
		ast.Inspect(file, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.KeyValueExpr:
				if id, ok := n.Key.(*ast.Ident); ok && x.Info.Uses[id] == f {
					vals = append(vals, n.Value)
				}
			case *ast.AssignStmt:
				for i, l := range n.Lhs {
					sel, ok := ast.Unparen(l).(*ast.SelectorExpr)
					if !ok || x.Info.Selections[sel] == nil || x.Info.Selections[sel].Obj() != f {
						continue
					}
					if len(n.Lhs) != len(n.Rhs) {
						vals = append(vals, nil) // from a call with several results
						continue
					}
					vals = append(vals, n.Rhs[i])
				}
			}
			return true
		})
	}
	return x.oneTable(text, vals, depth)
}

// oneTable returns the one table name (or URL) every client of vals
// names, nil literals aside (no client to call), or nil: when one of
// them is unknown (nil: a value not read) or names another table.
func (x *Index) oneTable(text constText, vals []ast.Expr, depth int) any {
	var table string
	for _, v := range vals {
		if v == nil {
			return nil
		}
		if tv, ok := x.Info.Types[v]; ok && tv.IsNil() {
			continue
		}
		t, ok := x.clientTable(text, v, depth+1).(string)
		if !ok || (table != "" && t != table) {
			return nil
		}
		table = t
	}
	if table == "" {
		return nil
	}
	return table
}

// DifferentTables reports whether two TableAt results are provably
// different tables: two different constant names (or URLs), or two
// different client variables. A name and a variable, or an unknown (nil),
// might be the same table.
func DifferentTables(a, b any) bool {
	if a == nil || b == nil {
		return false
	}
	sa, okA := a.(string)
	sb, okB := b.(string)
	if okA && okB {
		// Both names, or both URLs; a name and a URL may be one table.
		kindA, _, _ := strings.Cut(sa, ":")
		kindB, _, _ := strings.Cut(sb, ":")
		return kindA == kindB && sa != sb
	}
	_, varA := a.(*types.Var)
	_, varB := b.(*types.Var)
	return varA && varB && a != b
}
