package properties

import (
	_ "embed"
	"fmt"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"reflect"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/tablelint/tablelint/analyzers/internal/diag"
	"github.com/tablelint/tablelint/analyzers/internal/docs"
	"github.com/tablelint/tablelint/analyzers/internal/flow"
	"github.com/tablelint/tablelint/analyzers/internal/index"
	"github.com/tablelint/tablelint/analyzers/internal/sdk"
	"github.com/tablelint/tablelint/analyzers/internal/writes"
	"github.com/tablelint/tablelint/internal/finding"
)

//go:embed doc.go
var doc string

// Analyzer reports TL126, TL127 and TL128.
var Analyzer = &analysis.Analyzer{
	Name:     "properties",
	Doc:      docs.MustExtract(doc, "properties"),
	URL:      "https://pkg.go.dev/github.com/tablelint/tablelint/analyzers/properties",
	Requires: []*analysis.Analyzer{index.Analyzer, flow.Analyzer},
	Run:      run,
}

type checker struct {
	pass *analysis.Pass
	x    *index.Index
	fl   *flow.Result
	// fields already reported (TL126), and positions (TL128).
	fields map[*types.Var]bool
	// written holds the variables of the entity being checked.
	written map[*types.Var]bool
	seen    map[token.Pos]bool
	// annotated are the properties given an "@odata.type" in the
	// function of the write being checked, with the type given ("?"
	// when it is not a constant).
	annotated map[string]string
	// writtenParams are the parameters of an entity struct type of the
	// package, or of []byte (JSON), that the writes send.
	writtenParams map[*types.Var]bool
}

var info bool

func init() {
	Analyzer.Flags.BoolVar(&info, "info", false, "no effect (kept for settings written for 0.1.0, when integers beyond 2^53 were TL127 info findings; they are TL125 now)")
}

func run(pass *analysis.Pass) (any, error) {
	c := &checker{pass: pass, x: index.Of(pass), fl: flow.Of(pass), fields: map[*types.Var]bool{}, seen: map[token.Pos]bool{}, writtenParams: map[*types.Var]bool{}}
	for _, w := range c.x.Calls {
		if w.Entity != nil {
			c.entity(w.Entity, w)
		}
		if w.Actions != nil {
			for _, a := range c.x.Writes.ActionsOf(w.Actions) {
				if a.Entity != nil {
					c.entity(a.Entity, w)
				}
			}
		}
	}
	c.writtenTypeLiterals()
	return nil, nil
}

// writtenTypeLiterals checks the entity literals the package's calls
// pass as the parameter a write sends (a method writing its *T
// parameter, or the []byte JSON it is given, called directly or
// through an interface it implements; flow's Given): the literal is
// built in the caller, where the writes' roots stop.
func (c *checker) writtenTypeLiterals() {
	for p := range c.writtenParams {
		if c.x.Vars.Reassigned(p) {
			continue
		}
		for _, g := range c.fl.GivenParam(p, nil) {
			if g.Expr == nil {
				continue
			}
			for _, lit := range c.x.Writes.HelperRootsOf(g.Expr).Lits {
				if c.writtenType(c.pass.TypesInfo.TypeOf(lit)) != nil {
					c.structLiteral(lit)
				}
			}
		}
	}
}

// writtenType returns the named entity struct type of the package that t
// is or points to, else nil: the SDK's own entity types are left out.
func (c *checker) writtenType(t types.Type) *types.Named {
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	named, ok := t.(*types.Named)
	if !ok || named.Obj().Pkg() != c.pass.Pkg || !writes.IsEntityStruct(named) || writes.OwnEncoding(named) {
		return nil
	}
	return named
}

// entity checks the entity written by w.
func (c *checker) entity(e ast.Expr, w index.Call) {
	c.annotated = annotations(c.x.Writes, w.Body)
	roots := c.x.Writes.HelperRootsOf(e)
	c.written = map[*types.Var]bool{}
	for _, v := range roots.Vars {
		c.written[v] = true
		if c.writtenType(v.Type()) != nil || sdk.IsBytes(v.Type()) && c.x.Writes.IsParam(v) {
			c.writtenParams[v] = true
		}
	}
	for _, lit := range roots.Lits {
		t := c.pass.TypesInfo.TypeOf(lit)
		switch {
		case writes.IsStringMap(t):
			c.mapLiteral(lit)
		case sdk.IsAztablesType(t, "EDMEntity"):
			c.structLiteral(lit)
			c.edmEntity(lit)
		case writes.IsEntityStruct(t):
			c.structType(t, w)
			c.structLiteral(lit)
			c.structDates(lit)
			if sdk.IsLegacyType(t, "Entity") {
				c.legacyEntity(lit)
			}
		}
	}
	vars := map[*types.Var]bool{}
	// The variables among the roots may be a helper's (a function of the
	// package returning the entity it builds): each body that declares
	// one is checked for what it assigns to them.
	var bodies []*ast.BlockStmt
	for _, v := range roots.Vars {
		if writes.IsEntityStruct(v.Type()) {
			c.structType(v.Type(), w)
		}
		vars[v] = true
		if body := c.bodyAt(v.Pos()); body != nil && body != w.Body && !slices.Contains(bodies, body) {
			bodies = append(bodies, body)
		}
	}
	if w.Body != nil && len(vars) > 0 {
		c.assignments(w.Body, vars)
	}
	for _, body := range bodies {
		c.assignments(body, vars)
	}
	if w.Body != nil && len(vars) > 0 {
		c.stampedByHelpers(append([]*ast.BlockStmt{w.Body}, bodies...), vars)
	}
}

// stampedByHelpers checks the functions of the package that the bodies
// give one of the written entity's variables to (f(&e), f(e) for a
// pointer e): what they assign to the Timestamp of the parameter they
// receive it as is assigned to the entity.
func (c *checker) stampedByHelpers(bodies []*ast.BlockStmt, vars map[*types.Var]bool) {
	for _, body := range bodies {
		ast.Inspect(body, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok {
				return true
			}
			fn := sdk.Callee(c.pass.TypesInfo, call)
			if fn == nil || fn.Pkg() != c.pass.Pkg {
				return true
			}
			decl := c.x.Vars.FuncDecl(fn)
			sig, _ := fn.Type().(*types.Signature)
			if decl == nil || decl.Body == nil || sig == nil || sig.Variadic() {
				return true
			}
			for i, arg := range call.Args {
				a := ast.Unparen(arg)
				if u, ok := a.(*ast.UnaryExpr); ok && u.Op == token.AND {
					a = ast.Unparen(u.X)
				} else if _, ptr := c.pass.TypesInfo.TypeOf(a).(*types.Pointer); !ptr {
					continue // a copy: what the helper sets is not sent
				}
				if v := c.x.Vars.VarOf(a); v == nil || !vars[v] || i >= sig.Params().Len() {
					continue
				}
				if p := sig.Params().At(i); !c.x.Vars.Reassigned(p) {
					c.assignments(decl.Body, map[*types.Var]bool{p: true})
				}
			}
			return true
		})
	}
}

// structType reports the fields of an entity struct that marshal to a
// JSON array or object.
func (c *checker) structType(t types.Type, w index.Call) {
	if writes.OwnEncoding(t) {
		return
	}
	st := writes.StructOf(t)
	if st == nil {
		return
	}
	for _, f := range writes.JSONFields(t) {
		if c.fields[f.Var] || stringTagged(st, f.Var) {
			continue
		}
		kind := unsupported(f.Var.Type())
		if kind == "" || c.nilled(f.Var, w) {
			continue
		}
		c.fields[f.Var] = true
		var at ast.Node = w.Call
		if f.Var.Pkg() == c.pass.Pkg && c.x.Writes.FileOf(f.Var.Pos()) != nil {
			at = identAt(f.Var.Pos())
		}
		diag.Report(c.pass, "TL126", at, "%s", unstorable(f.Name, types.TypeString(f.Var.Type(), types.RelativeTo(c.pass.Pkg)), jsonKind(kind)))
	}
}

// stringTagged reports whether field v of st (or of a struct embedded in
// it) has the json ",string" option.
func stringTagged(st *types.Struct, v *types.Var) bool {
	for i := 0; i < st.NumFields(); i++ {
		if st.Field(i) == v {
			tag, _ := reflect.StructTag(st.Tag(i)).Lookup("json")
			_, opts, _ := strings.Cut(tag, ",")
			return strings.Contains(","+opts+",", ",string,")
		}
		if inner := writes.StructOf(st.Field(i).Type()); inner != nil && st.Field(i).Embedded() && stringTagged(inner, v) {
			return true
		}
	}
	return false
}

// identAt returns a zero-width node at pos (a field's name).
func identAt(pos token.Pos) ast.Node { return &ast.Ident{NamePos: pos} }

// mapLiteral reports entries of types the service cannot store, and a
// Timestamp entry.
func (c *checker) mapLiteral(lit *ast.CompositeLit) {
	for _, el := range lit.Elts {
		kv, ok := el.(*ast.KeyValueExpr)
		if !ok {
			continue
		}
		name, ok := c.x.Writes.ConstString(kv.Key)
		if !ok {
			continue
		}
		if name == writes.Timestamp {
			c.timestamp(kv.Value)
			continue
		}
		c.value(name, kv.Value)
		c.annotatedDate(name, kv.Value)
		if c.annotated[name] == "" {
			c.number(name, kv.Value)
		}
	}
}

// value reports one property value of a map entity.
func (c *checker) value(name string, v ast.Expr) {
	t := c.pass.TypesInfo.TypeOf(v)
	if t == nil || c.seen[v.Pos()] {
		return
	}
	kind := unsupported(t)
	if kind == "" {
		return
	}
	c.seen[v.Pos()] = true
	diag.Report(c.pass, "TL126", v, "%s", unstorable(name, types.TypeString(t, types.RelativeTo(c.pass.Pkg)), jsonKind(kind)))
}

// structLiteral reports a Timestamp given in an entity struct literal.
func (c *checker) structLiteral(lit *ast.CompositeLit) {
	st := writes.StructOf(c.pass.TypesInfo.TypeOf(lit))
	if st == nil {
		return
	}
	for _, el := range lit.Elts {
		kv, ok := el.(*ast.KeyValueExpr)
		if !ok {
			continue
		}
		id, ok := kv.Key.(*ast.Ident)
		if !ok {
			continue
		}
		name := jsonNameOf(st, id.Name)
		switch {
		case name == writes.Timestamp, id.Name == "TimeStamp" && sdk.IsLegacyType(c.pass.TypesInfo.TypeOf(lit), "Entity"):
			// the legacy Entity's TimeStamp is never sent at all
			c.timestamp(kv.Value)
		case id.Name == "Entity" && sdk.IsAztablesType(c.pass.TypesInfo.TypeOf(kv.Value), "Entity"):
			// Event{Entity: aztables.Entity{…, Timestamp: …}}
			if inner, ok := ast.Unparen(kv.Value).(*ast.CompositeLit); ok {
				c.structLiteral(inner)
			}
		case name != "" && !c.typedStructField(lit, id.Name, name):
			c.number(name, kv.Value)
		}
	}
}

// assignments reports e.Timestamp = … and m["Timestamp"] = … to the
// written entity's variables, and map entries of unsupported types.
func (c *checker) assignments(body *ast.BlockStmt, vars map[*types.Var]bool) {
	ast.Inspect(body, func(n ast.Node) bool {
		as, ok := n.(*ast.AssignStmt)
		if !ok || len(as.Lhs) != len(as.Rhs) {
			return true
		}
		for i, l := range as.Lhs {
			switch l := ast.Unparen(l).(type) {
			case *ast.SelectorExpr:
				if !vars[c.x.Vars.VarOf(writes.BaseOf(l.X))] {
					continue
				}
				s := c.pass.TypesInfo.Selections[l]
				if s == nil || s.Kind() != types.FieldVal || !writes.IsEntityStruct(s.Recv()) {
					continue
				}
				if l.Sel.Name == "Properties" && sdk.IsLegacyType(s.Recv(), "Entity") {
					c.entries(as.Rhs[i], c.legacyProperty)
					c.callerEntries(as.Rhs[i], c.legacyProperty)
					continue
				}
				if l.Sel.Name == writes.Timestamp || l.Sel.Name == "TimeStamp" && sdk.IsLegacyType(s.Recv(), "Entity") {
					// the legacy Entity's TimeStamp is never sent at all
					c.timestamp(as.Rhs[i])
				} else if st := writes.StructOf(s.Recv()); st != nil {
					if name := jsonNameOf(st, l.Sel.Name); name != "" && !c.typedField(s.Recv(), l.Sel.Name, name) {
						c.number(name, as.Rhs[i])
					}
				}
			case *ast.IndexExpr:
				if sel, ok := ast.Unparen(l.X).(*ast.SelectorExpr); ok && sel.Sel.Name == "Properties" &&
					vars[c.x.Vars.VarOf(writes.BaseOf(sel.X))] && sdk.IsAztablesType(c.pass.TypesInfo.TypeOf(sel.X), "EDMEntity") {
					// e.Properties["Due"] = aztables.EDMDateTime(t)
					if name, ok := c.x.Writes.ConstString(l.Index); ok {
						c.edmProperty(name, as.Rhs[i])
					}
					continue
				}
				if sel, ok := ast.Unparen(l.X).(*ast.SelectorExpr); ok && sel.Sel.Name == "Properties" &&
					vars[c.x.Vars.VarOf(writes.BaseOf(sel.X))] && sdk.IsLegacyType(c.pass.TypesInfo.TypeOf(sel.X), "Entity") {
					// legacy e.Properties["Due"] = t
					if name, ok := c.x.Writes.ConstString(l.Index); ok {
						c.legacyProperty(name, as.Rhs[i])
					}
					continue
				}
				if !vars[c.x.Vars.VarOf(l.X)] || !writes.IsStringMap(c.pass.TypesInfo.TypeOf(l.X)) {
					continue
				}
				name, ok := c.x.Writes.ConstString(l.Index)
				if !ok {
					continue
				}
				if name == writes.Timestamp {
					c.timestamp(as.Rhs[i])
				} else {
					c.value(name, as.Rhs[i])
					c.annotatedDate(name, as.Rhs[i])
					if c.annotated[name] == "" {
						c.number(name, as.Rhs[i])
					}
				}
			}
		}
		return true
	})
}

func (c *checker) timestamp(v ast.Expr) {
	if c.seen[v.Pos()] {
		return
	}
	if lit, ok := ast.Unparen(v).(*ast.CompositeLit); ok && len(lit.Elts) == 0 {
		return // the zero value: nothing set
	}
	if writes.TimestampMistyped(c.pass.TypesInfo.TypeOf(v)) {
		return // not a time: a property of the reserved name (TL114)
	}
	c.seen[v.Pos()] = true
	diag.Report(c.pass, "TL128", v,
		"Timestamp is set by the client; the service ignores the value written")
}

// unsupported returns "array" or "object" when values of t marshal to a
// JSON array or object, else "".
func unsupported(t types.Type) string {
	for range writes.MaxDepth {
		if writes.OwnEncoding(t) {
			return ""
		}
		switch u := t.Underlying().(type) {
		case *types.Pointer:
			t = u.Elem()
			continue
		case *types.Slice:
			if b, ok := u.Elem().Underlying().(*types.Basic); ok && b.Kind() == types.Byte {
				return "" // base64 string
			}
			return "slice"
		case *types.Array:
			return "array"
		case *types.Map:
			return "map"
		case *types.Struct:
			return "struct"
		}
		return ""
	}
	return ""
}

func jsonKind(kind string) string {
	if kind == "slice" || kind == "array" {
		return "array"
	}
	return "object"
}

// jsonNameOf returns the JSON name of the field of st called name.
func jsonNameOf(st *types.Struct, name string) string {
	for i := 0; i < st.NumFields(); i++ {
		if st.Field(i).Name() == name {
			n, _ := writes.FieldJSONName(st, i)
			return n
		}
	}
	return ""
}

// maxExact is 2^53: integers beyond it have no exact Double.
const maxExact = 1 << 53

// bigInt reports (TL125) an integer property value beyond 2^53 sent as a
// bare JSON number: a constant, UnixNano(), or a constant minus a value
// (reverse ticks). The client rounds it to a float64 before it is sent.
func (c *checker) bigInt(name string, v ast.Expr, typ string) {
	c.integer("TL125", name, v, c.beyond, ", beyond 2^53: rounded to a Double", typ)
}

// beyond describes v when it is an integer beyond 2^53, else "".
func (c *checker) beyond(v ast.Expr) string {
	info := c.pass.TypesInfo
	if tv, ok := info.Types[v]; ok && tv.Value != nil {
		n := constant.ToInt(tv.Value)
		if constant.Sign(n) < 0 {
			n = constant.UnaryOp(token.SUB, n, 0)
		}
		if constant.Compare(n, token.GTR, constant.MakeUint64(maxExact)) {
			return tv.Value.ExactString()
		}
		return ""
	}
	e := c.x.Vars.Resolve(v)
	if isUnixNano(info, c.unOffset(v)) {
		return "a UnixNano() time"
	}
	if be, ok := e.(*ast.BinaryExpr); ok && be.Op == token.SUB {
		if tv, ok := info.Types[be.X]; ok && tv.Value != nil && constant.Compare(constant.ToInt(tv.Value), token.GTR, constant.MakeUint64(maxExact)) {
			return "a constant minus a value (reverse ticks)"
		}
	}
	return c.constantOrTime(v, "UnixNano")
}

func isUnixNano(info *types.Info, e ast.Expr) bool {
	call, ok := ast.Unparen(e).(*ast.CallExpr)
	if !ok || len(call.Args) != 0 {
		return false
	}
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	return ok && sel.Sel.Name == "UnixNano" && sdk.IsType(info.TypeOf(sel.X), "time", "Time")
}

// annotations returns the property names given an "@odata.type" by a
// constant map key in body, with the constant type given ("?" when the
// value is not a constant).
func annotations(x *writes.Index, body *ast.BlockStmt) map[string]string {
	out := map[string]string{}
	if body == nil {
		return out
	}
	ast.Inspect(body, func(n ast.Node) bool {
		var key, val ast.Expr
		switch n := n.(type) {
		case *ast.KeyValueExpr:
			key, val = n.Key, n.Value
		case *ast.AssignStmt:
			if len(n.Lhs) != 1 || len(n.Rhs) != 1 {
				return true
			}
			ix, ok := ast.Unparen(n.Lhs[0]).(*ast.IndexExpr)
			if !ok {
				return true
			}
			key, val = ix.Index, n.Rhs[0]
		case *ast.IndexExpr:
			key = n.Index
		default:
			return true
		}
		if k, ok := x.ConstString(key); ok {
			if name, ok := strings.CutSuffix(k, "@odata.type"); ok {
				typ, known := "?", false
				if val != nil {
					typ, known = x.ConstString(val)
				}
				if !known {
					typ = "?"
				}
				if out[name] == "" || out[name] == "?" {
					out[name] = typ
				}
			}
		}
		return true
	})
	return out
}

// typedStructField reports whether the field of lit's struct type is
// sent typed: a ",string" tag, or a sibling field named name@odata.type.
func (c *checker) typedStructField(lit *ast.CompositeLit, field, name string) bool {
	return c.typedField(c.pass.TypesInfo.TypeOf(lit), field, name)
}

func (c *checker) typedField(t types.Type, field, name string) bool {
	st := writes.StructOf(t)
	if st == nil {
		return false
	}
	for _, f := range writes.JSONFields(t) {
		if f.Name == name+"@odata.type" {
			return true
		}
		if f.Var.Name() == field && stringTagged(st, f.Var) {
			return true
		}
	}
	return false
}

// unstorable is the TL126 message for property name of Go type typ, which
// encoding/json writes as a JSON kind; a long type is left out.
func unstorable(name, typ, kind string) string {
	name = finding.Clip(name)
	return diag.Fit(
		fmt.Sprintf("property %s is a %s, which encoding/json writes as a JSON %s", name, finding.Clip(typ), kind),
		fmt.Sprintf("property %s is written by encoding/json as a JSON %s", name, kind))
}
