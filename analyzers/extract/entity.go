package extract

import (
	"go/ast"
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/tablelint/tablelint/analyzers/internal/flow"
	"github.com/tablelint/tablelint/analyzers/internal/sdk"
	"github.com/tablelint/tablelint/analyzers/internal/writes"
	"github.com/tablelint/tablelint/edm"
)

const annotation = "@odata.type"

// entityState collects one entity's properties while it is read.
type entityState struct {
	ent *Entity
	// byObj names the property a variable or field is stored as
	// (Department: dept gives dept → Department).
	byObj map[types.Object]string
	// ann are the "@odata.type" annotations found.
	ann map[string]edm.Type
}

func (s *entityState) prop(name string) *Prop {
	for i := range s.ent.Props {
		if s.ent.Props[i].Name == name {
			return &s.ent.Props[i]
		}
	}
	return nil
}

func (s *entityState) add(p Prop) {
	if p.Name == "" || isSystem(p.Name) || strings.Contains(p.Name, "@") {
		return
	}
	if q := s.prop(p.Name); q != nil {
		if q.Type == edm.Invalid {
			q.Type = p.Type
		}
		return
	}
	s.ent.Props = append(s.ent.Props, p)
}

func isSystem(name string) bool {
	return name == writes.PartitionKey || name == writes.RowKey || name == writes.Timestamp
}

// entity describes the entity that expr (an argument of a write) is.
func (e *extractor) entity(expr ast.Expr, body *ast.BlockStmt, tbl TableRef, fn string, pos token.Pos) *Entity {
	roots := e.x.Writes.RootsOf(expr)
	if roots.Empty() {
		return nil
	}
	s := &entityState{ent: &Entity{Table: tbl, Pos: pos}, byObj: map[types.Object]string{}, ann: map[string]edm.Type{}}
	for _, lit := range roots.Lits {
		e.named(s, e.info.TypeOf(lit))
		e.literal(s, lit)
	}
	for _, v := range roots.Vars {
		e.named(s, v.Type())
		if writes.IsStringMap(v.Type()) && body != nil {
			e.mapAssignments(s, v, body)
		}
	}
	if s.ent.Name == "" {
		var b strings.Builder
		for _, part := range strings.Split(fn, ".") {
			b.WriteString(exported(part))
		}
		s.ent.Name = b.String()
	}
	for name, t := range s.ann {
		if p := s.prop(name); p != nil {
			p.Type = t
		}
	}
	var pk, rk ast.Expr
	for _, k := range e.x.Writes.KeysOf(roots, body) {
		switch {
		case k.Key == writes.PartitionKey && pk == nil:
			pk = k.Value
		case k.Key == writes.RowKey && rk == nil:
			rk = k.Value
		}
	}
	if pk != nil {
		s.ent.PartitionKey = e.key(s, pk)
	}
	if rk != nil {
		s.ent.RowKey = e.key(s, rk)
	}
	if pk == nil && rk == nil && len(s.ent.Props) == 0 {
		return nil // nothing known: a helper's parameter of interface type
	}
	return s.ent
}

// named takes the entity type's name and declared fields from a named
// struct type that is not one of the SDK's.
func (e *extractor) named(s *entityState, t types.Type) {
	if t == nil {
		return
	}
	if sdk.IsAztablesType(t, "Entity") || sdk.IsAztablesType(t, "EDMEntity") || sdk.IsLegacyType(t, "Entity") {
		return
	}
	if p, ok := types.Unalias(t).(*types.Pointer); ok {
		t = p.Elem()
	}
	n, ok := types.Unalias(t).(*types.Named)
	if !ok {
		return
	}
	if _, ok := n.Underlying().(*types.Struct); !ok {
		return
	}
	if s.ent.Name == "" {
		s.ent.Name = n.Obj().Name()
	}
	for _, f := range writes.JSONFields(t) {
		s.add(Prop{Name: f.Name, Type: edmOf(f.Var.Type()), Pos: f.Var.Pos()})
	}
}

// literal reads the properties and annotations a composite literal sets.
func (e *extractor) literal(s *entityState, lit *ast.CompositeLit) {
	t := e.info.TypeOf(lit)
	if t == nil {
		return
	}
	switch {
	case sdk.IsAztablesType(t, "EDMEntity"):
		for _, el := range lit.Elts {
			kv, ok := el.(*ast.KeyValueExpr)
			if !ok {
				continue
			}
			v := ast.Unparen(kv.Value)
			if u, ok := v.(*ast.UnaryExpr); ok {
				v = ast.Unparen(u.X)
			}
			if cl, ok := v.(*ast.CompositeLit); ok {
				e.literal(s, cl)
			}
		}
	case writes.IsStringMap(t):
		for _, el := range lit.Elts {
			kv, ok := el.(*ast.KeyValueExpr)
			if !ok {
				continue
			}
			if name, ok := e.x.Writes.ConstString(kv.Key); ok {
				e.set(s, name, kv.Value, kv.Pos())
			}
		}
	default:
		st, ok := typeUnder(t).(*types.Struct)
		if !ok {
			return
		}
		for i, el := range lit.Elts {
			f, val := -1, el
			if kv, ok := el.(*ast.KeyValueExpr); ok {
				if id, ok := kv.Key.(*ast.Ident); ok {
					f = writes.FieldIndex(st, id.Name)
				}
				val = kv.Value
			} else {
				f = i
			}
			if f < 0 || f >= st.NumFields() {
				continue
			}
			if st.Field(f).Embedded() {
				if cl, ok := ast.Unparen(val).(*ast.CompositeLit); ok {
					e.literal(s, cl)
				}
				continue
			}
			name, ok := writes.FieldJSONName(st, f)
			if !ok {
				continue
			}
			e.set(s, name, val, el.Pos())
		}
	}
}

// set records that property name is given value v.
func (e *extractor) set(s *entityState, name string, v ast.Expr, pos token.Pos) {
	if base, ok := strings.CutSuffix(name, annotation); ok {
		if str, ok := e.x.Writes.ConstString(v); ok {
			if t, ok := edm.ParseType(str); ok {
				s.ann[base] = t
			}
		}
		return
	}
	switch x := ast.Unparen(v).(type) {
	case *ast.Ident:
		if isSystem(name) {
			break
		}
		if o := e.info.Uses[x]; o != nil {
			if _, seen := s.byObj[o]; !seen {
				s.byObj[o] = name
			}
		}
	case *ast.SelectorExpr:
		if sel := e.info.Selections[x]; sel != nil && !isSystem(name) {
			if _, seen := s.byObj[sel.Obj()]; !seen {
				s.byObj[sel.Obj()] = name
			}
		}
	}
	t := edmOf(e.info.TypeOf(v))
	if sdk.IsFunc(e.info, callOf(v), sdk.ToPath, "Ptr") {
		t = edmOf(e.info.TypeOf(callOf(v).Args[0]))
	}
	var b bound
	if t == edm.String {
		b = e.boundOf(v)
	}
	again := s.prop(name) != nil && s.prop(name).Set // another value of it
	s.add(Prop{Name: name, Type: t, Pos: pos, Set: true})
	p := s.prop(name)
	switch {
	case p == nil:
	case !p.Set:
		p.Pos, p.Set = pos, true
		if t != edm.Invalid {
			p.Type = t
		}
		p.setBound(b)
	case again:
		p.Merge(Prop{MaxLength: b.maxLength(), MaxRunes: b.runeCount()})
	default:
		p.setBound(b)
	}
}

func callOf(v ast.Expr) *ast.CallExpr {
	c, _ := ast.Unparen(v).(*ast.CallExpr)
	if c == nil {
		return &ast.CallExpr{Fun: &ast.BadExpr{}}
	}
	return c
}

// mapAssignments reads m["Name"] = v statements in body: flow's
// entries of the map the local variable v holds.
func (e *extractor) mapAssignments(s *entityState, v *types.Var, body *ast.BlockStmt) {
	for _, en := range e.fl.VarMapEntries(v) {
		if en.Assigned && body.Pos() <= en.At && en.At < body.End() {
			e.set(s, en.Key, en.Value, en.At)
		}
	}
}

// edmOf is the EDM type the service stores for a Go value of type t sent
// without an annotation (JSON numbers that are integers are Int32), or
// the aztables EDM* type's.
func edmOf(t types.Type) edm.Type {
	if t == nil {
		return edm.Invalid
	}
	switch {
	case sdk.IsAztablesType(t, "EDMInt64"):
		return edm.Int64
	case sdk.IsAztablesType(t, "EDMDateTime"):
		return edm.DateTime
	case sdk.IsAztablesType(t, "EDMGUID"):
		return edm.Guid
	case sdk.IsAztablesType(t, "EDMBinary"):
		return edm.Binary
	}
	t = types.Unalias(t)
	if p, ok := t.(*types.Pointer); ok {
		t = types.Unalias(p.Elem())
	}
	b, ok := t.Underlying().(*types.Basic)
	if !ok {
		if n, ok := t.(*types.Named); ok && n.Obj().Pkg() != nil {
			// time.Time, uuid.UUID and []byte marshal to JSON strings.
			return edm.String
		}
		if sl, ok := t.Underlying().(*types.Slice); ok {
			if el, ok := sl.Elem().Underlying().(*types.Basic); ok && el.Kind() == types.Byte {
				return edm.String
			}
		}
		return edm.Invalid
	}
	switch {
	case b.Info()&types.IsString != 0:
		return edm.String
	case b.Info()&types.IsBoolean != 0:
		return edm.Boolean
	case b.Info()&types.IsInteger != 0:
		return edm.Int32
	case b.Info()&types.IsFloat != 0:
		return edm.Double
	}
	return edm.Invalid
}

// key rebuilds a key template from the value given to a key: the one
// way flow says the value is built. A value flow cannot follow, or that
// can be built in several ways, is one placeholder named from the
// expression given.
func (e *extractor) key(s *entityState, x ast.Expr) *Key {
	v, ok := e.fl.ExprOf(x)
	if !ok || len(v.Variants) != 1 || v.Approx {
		v = flow.Value{Variants: []flow.Variant{{Parts: []flow.Part{{Hole: &flow.Hole{}}}}}}
	}
	var b strings.Builder
	for _, p := range v.Variants[0].Parts {
		if p.Hole == nil {
			b.WriteString(escapeText(p.Text))
			continue
		}
		b.WriteString(e.placeholder(s, p.Hole, x))
	}
	return &Key{Template: b.String(), Value: v, Expr: x}
}

// escapeText escapes literal text for a key template.
func escapeText(s string) string {
	return strings.NewReplacer("{", "{{", "}", "}}").Replace(s)
}

// placeholder writes a hole of the key given as x as a template
// placeholder, adding the property it names when the entity does not
// store it.
func (e *extractor) placeholder(s *entityState, h *flow.Hole, x ast.Expr) string {
	src := e.fl.HoleExpr(h)
	pos := x.Pos()
	if src != nil {
		pos = src.Pos()
	}
	switch {
	case h.Layout != "" && h.Bound&flow.Time != 0 && !strings.ContainsAny(h.Layout, "{}"):
		if h.Source == flow.Now {
			return "{now:" + h.Layout + "}"
		}
		name := e.holeName(s, h, x)
		if p := s.prop(name); p != nil && p.Type != edm.DateTime {
			name += "Time"
		}
		s.add(Prop{Name: name, Type: edm.DateTime, KeyOnly: true, Pos: pos})
		return "{" + name + ":" + h.Layout + "}"
	case h.Bound&flow.UUID != 0 && newUUID(h.Value()):
		return "{uuid}"
	case isInteger(h.Value()) && h.Verb != "" && strings.ContainsAny(h.Verb[len(h.Verb)-1:], "dxX"):
		name := e.holeName(s, h, x)
		if p := s.prop(name); p != nil && p.Type != edm.Int32 && p.Type != edm.Int64 {
			name += "Num"
		}
		t := edm.Int64
		if sz := e.pass.TypesSizes.Sizeof(h.Value().Type()); sz > 0 && sz <= 4 {
			t = edm.Int32
		}
		s.add(Prop{Name: name, Type: t, KeyOnly: true, Pos: pos})
		return "{" + name + ":" + h.Verb + "}"
	}
	name := e.holeName(s, h, x)
	if p := s.prop(name); p != nil && p.Type != edm.String && p.Type != edm.Invalid {
		name += "Text"
	}
	s.add(Prop{Name: name, Type: edm.String, KeyOnly: true, Pos: pos})
	return "{" + name + "}"
}

// isInteger reports whether v, the value a hole's text is formatted
// from, is of an integer type.
func isInteger(v ssa.Value) bool {
	if v == nil {
		return false
	}
	b, ok := v.Type().Underlying().(*types.Basic)
	return ok && b.Info()&types.IsInteger != 0
}

// holeName names the value filling a hole of the key given as x: the
// property it is stored as, else the Go variable or field it comes
// from — the operand that put it into the text, the expression that
// computes it, the argument formatted, or, when flow knows none of
// those (a map range's key), the expression given to the key.
func (e *extractor) holeName(s *entityState, h *flow.Hole, x ast.Expr) string {
	arg, _ := e.fl.FormatExpr(h)
	for _, c := range []ast.Expr{e.fl.UseExpr(h), e.fl.HoleExpr(h), arg, x} {
		if c == nil {
			continue
		}
		if name := e.exprName(s, c, 0); name != "" {
			return name
		}
	}
	return "Value"
}

func (e *extractor) exprName(s *entityState, x ast.Expr, depth int) string {
	if depth > 4 {
		return ""
	}
	switch x := ast.Unparen(x).(type) {
	case *ast.Ident:
		o := e.info.Uses[x]
		if o == nil {
			return ""
		}
		if n, ok := s.byObj[o]; ok {
			return n
		}
		if _, ok := o.(*types.Var); ok {
			return exported(x.Name)
		}
	case *ast.SelectorExpr:
		if sel := e.info.Selections[x]; sel != nil {
			if n, ok := s.byObj[sel.Obj()]; ok {
				return n
			}
			if sel.Kind() == types.FieldVal {
				if st, ok := typeUnder(sel.Recv()).(*types.Struct); ok {
					for i := 0; i < st.NumFields(); i++ {
						if st.Field(i) == sel.Obj() {
							if n, ok := writes.FieldJSONName(st, i); ok {
								return n
							}
						}
					}
				}
				return exported(x.Sel.Name)
			}
			// A method call's receiver: t.UTC(), id.String().
			return e.exprName(s, x.X, depth+1)
		}
	case *ast.CallExpr:
		if sel, ok := ast.Unparen(x.Fun).(*ast.SelectorExpr); ok {
			if _, isPkg := e.info.Uses[identOf(sel.X)].(*types.PkgName); !isPkg {
				return e.exprName(s, sel.X, depth+1)
			}
		}
		if len(x.Args) == 1 {
			return e.exprName(s, x.Args[0], depth+1)
		}
	case *ast.StarExpr:
		return e.exprName(s, x.X, depth+1)
	}
	return ""
}

func identOf(x ast.Expr) *ast.Ident {
	id, _ := ast.Unparen(x).(*ast.Ident)
	if id == nil {
		return &ast.Ident{}
	}
	return id
}

// newUUID reports whether v is a UUID the code makes (uuid.New(),
// NewRandom, NewString, Must(…)), or its String().
func newUUID(v ssa.Value) bool {
	for range 4 {
		call, ok := v.(*ssa.Call)
		if !ok {
			return false
		}
		fn := call.Call.StaticCallee()
		if fn == nil || fn.Object() == nil || fn.Object().Pkg() == nil || !strings.HasSuffix(fn.Object().Pkg().Path(), "google/uuid") {
			return false
		}
		switch fn.Name() {
		case "New", "NewRandom", "NewString", "Must":
			return true
		case "String":
			if len(call.Call.Args) != 1 {
				return false
			}
			v = call.Call.Args[0]
		default:
			return false
		}
	}
	return false
}
