package flow

import (
	"go/ast"
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/tablelint/tablelint/analyzers/internal/reach"
)

// Origin is where a whole value (an entity, a struct, the bytes of a
// marshalled entity) comes from: an entity read from a table (Source
// Entity, What naming the read and the helpers it came through), or a
// parameter (Source Param, Param its index, receiver first).
type Origin struct {
	Source Source
	Param  int
	What   string
	// Via names the helper or method whose result brought an entity
	// origin into the asking function ("" when read in it).
	Via string
}

// Origins returns where the value v comes from as a whole: through
// json.Marshal, conversions, variables, struct literals (a struct built
// from an entity's fields is the entity, whatever it drops, the ETag
// included), slices (a slice comes from where its elements do: append,
// slice literals, indexing), helpers' results (their summaries' Origins), calls through
// interfaces (the implementations, see Program) and closures.
func (r *Result) Origins(v ssa.Value) []Origin {
	e := &eval{r: r}
	return e.origins(v, 0)
}

func (e *eval) origins(v ssa.Value, depth int) []Origin {
	if v == nil || depth > MaxDepth {
		return nil
	}
	if e.visit == nil {
		e.visit = map[ssa.Value]bool{}
	}
	if e.visit[v] {
		return nil
	}
	e.visit[v] = true
	defer delete(e.visit, v)
	d := depth + 1
	switch v := v.(type) {
	case *ssa.MakeInterface:
		return e.origins(v.X, d)
	case *ssa.ChangeType:
		return e.origins(v.X, d)
	case *ssa.Convert:
		return e.origins(v.X, d)
	case *ssa.Phi:
		var out []Origin
		for _, ed := range v.Edges {
			out = addOrigins(out, e.origins(ed, d)...)
		}
		return out
	case *ssa.Parameter:
		fn := v.Parent()
		for i, p := range fn.Params {
			if p == v {
				return []Origin{{Source: Param, Param: i, What: v.Name()}}
			}
		}
	case *ssa.FreeVar:
		if b := e.binding(v); b != nil {
			return e.origins(b, d)
		}
	case *ssa.Call:
		if b, ok := v.Call.Value.(*ssa.Builtin); ok && b.Name() == "append" {
			// A slice is where its elements come from.
			var out []Origin
			for _, a := range v.Call.Args {
				out = addOrigins(out, e.origins(a, d)...)
			}
			return out
		}
		return e.callOrigins(v.Common(), 0, d)
	case *ssa.Slice:
		if a, ok := v.X.(*ssa.Alloc); ok {
			// The array behind append's variadic elements, or a
			// slice literal: the values stored in its elements.
			return e.elemOrigins(a, d)
		}
		return e.origins(v.X, d)
	case *ssa.Extract:
		if c, ok := v.Tuple.(*ssa.Call); ok {
			return e.callOrigins(c.Common(), v.Index, d)
		}
	case *ssa.Alloc:
		// Decoded from a read's bytes: each read they may be.
		var decoded []Origin
		for _, h := range e.decodedFrom(v, d) {
			if h.Source == Entity {
				decoded = addOrigins(decoded, Origin{Source: Entity, What: h.What})
			}
		}
		if len(decoded) > 0 {
			return decoded
		}
		var out []Origin
		// Decoded from a parameter's bytes (a helper that parses a raw
		// row): the parameter, which the caller binds to a page's
		// element or a read's Value.
		// Decoded from bytes that are an entity as a whole (an entity a
		// helper returned, marshalled again): that entity.
		for _, data := range unmarshalled(v) {
			for _, o := range e.origins(data, d) {
				if o.Source == Param || o.Source == Entity {
					out = addOrigins(out, o)
				}
			}
		}
		for _, sv := range e.storedValues(v, d) {
			out = addOrigins(out, e.origins(sv, d)...)
		}
		// A map variable filled entry by entry: where its values come
		// from.
		if isMap(v.Type()) {
			out = addOrigins(out, e.entryOrigins(v, d)...)
		}
		// A struct built field by field: where its fields come from.
		if st := structOf(v.Type()); st != nil {
			for i := 0; i < st.NumFields(); i++ {
				if fv, ok := e.storedField(v, i, st.Field(i).Type(), d); ok {
					out = addOrigins(out, holeOrigins(fv)...)
				}
			}
		}
		return out
	case *ssa.UnOp:
		if v.Op == token.MUL {
			switch x := v.X.(type) {
			case *ssa.Alloc:
				return e.origins(x, d)
			case *ssa.FieldAddr, *ssa.Global:
				return holeOrigins(e.load(x, d))
			case *ssa.FreeVar:
				if b := e.binding(x); b != nil {
					return e.origins(&ssa.UnOp{Op: token.MUL, X: b}, d)
				}
			case *ssa.Parameter:
				return e.origins(x, d)
			case *ssa.IndexAddr:
				// An element of a slice: where the slice's elements
				// come from.
				return e.origins(x.X, d)
			case *ssa.Call, *ssa.Extract:
				// What a pointer a helper returns points to: where
				// the helper's value comes from (*unmarshal(raw)).
				return e.origins(x, d)
			}
		}
	case *ssa.Field, *ssa.Index, *ssa.Lookup:
		return holeOrigins(e.of(v, d))
	case *ssa.MakeMap:
		// A map built entry by entry (a literal, or assignments): where
		// its values come from, as for a struct built field by field.
		return e.entryOrigins(v, d)
	}
	if h := e.sourceOfStruct(v, d); h.Source == Entity {
		return []Origin{{Source: Entity, What: h.What}}
	}
	return nil
}

// callOrigins: json.Marshal(x) is x; a helper's result its summary's
// origins bound to the arguments; an interface call its implementations'.
func (e *eval) callOrigins(cc *ssa.CallCommon, index, depth int) []Origin {
	if src, what := e.sourceOfCall(cc); src == Entity {
		return []Origin{{Source: Entity, What: what}}
	}
	var sums []*Summary
	args := cc.Args
	via := ""
	if f := cc.StaticCallee(); f != nil {
		via = f.Name()
		if o := f.Origin(); o != nil {
			via = o.Name() // an instance of a generic function: its name as written
		}
		switch callee(f) {
		case "encoding/json.Marshal", "encoding/json.MarshalIndent":
			return e.origins(cc.Args[0], depth)
		}
		if s := e.r.Summary(f); s != nil {
			sums = append(sums, s)
		}
	} else if cc.IsInvoke() {
		sums = e.r.implementations(cc.Method)
		args = append([]ssa.Value{cc.Value}, cc.Args...)
		via = cc.Method.Name()
	}
	var out []Origin
	for _, s := range sums {
		if index >= len(s.Origins) {
			continue
		}
		for _, o := range s.Origins[index] {
			if o.Source == Param {
				if o.Param < len(args) {
					// An argument the helper hands back (parsed, copied):
					// an entity read here comes through the helper.
					for _, a := range e.origins(args[o.Param], depth) {
						if a.Source == Entity && a.Via == "" {
							a.Via = via
						}
						out = addOrigins(out, a)
					}
				}
				continue
			}
			if o.Via == "" {
				o.Via = via
			}
			out = addOrigins(out, o)
		}
	}
	return out
}

// elemOrigins: the origins of the values stored in the elements of the
// array a (a slice literal's or append's variadic backing array).
func (e *eval) elemOrigins(a *ssa.Alloc, depth int) []Origin {
	var out []Origin
	for _, ref := range *a.Referrers() {
		ia, ok := ref.(*ssa.IndexAddr)
		if !ok || ia.Referrers() == nil {
			continue
		}
		for _, r := range *ia.Referrers() {
			if st, ok := r.(*ssa.Store); ok && st.Addr == ia {
				out = addOrigins(out, e.origins(st.Val, depth)...)
			}
		}
	}
	return out
}

// holeOrigins: the entity and parameter holes of a value.
func holeOrigins(v Value) []Origin {
	var out []Origin
	for _, h := range v.Holes() {
		switch h.Source {
		case Entity:
			out = addOrigins(out, Origin{Source: Entity, What: h.What})
		case Param:
			out = addOrigins(out, Origin{Source: Param, Param: h.Param, What: h.What})
		}
	}
	return out
}

func addOrigins(out []Origin, os ...Origin) []Origin {
next:
	for _, o := range os {
		for _, x := range out {
			if x == o {
				continue next
			}
		}
		if len(out) < MaxVariants {
			out = append(out, o)
		}
	}
	return out
}

// implementations returns the summaries of the implementations of the
// interface method m: from the installed Program (tablelint check), or
// else among this package's own types (go vet, the plugin).
func (r *Result) implementations(m *types.Func) []*Summary {
	if s := dispatch(m); len(s) > 0 {
		return s
	}
	iface := InterfaceOf(m)
	if iface == nil {
		return nil
	}
	var out []*Summary
	for _, f := range r.localImpls(iface, m.Name()) {
		if s := r.Summary(f); s != nil {
			out = append(out, s)
		}
	}
	return out
}

// localImpls returns the methods name of this package's named types
// that implement iface.
func (r *Result) localImpls(iface *types.Interface, name string) []*ssa.Function {
	return r.implsIn(nil, r.SSA.Pkg.Pkg, iface, name, MaxVariants)
}

// implsIn appends to out the methods name of pkg's named types that
// implement iface, at most max of them.
func (r *Result) implsIn(out []*ssa.Function, pkg *types.Package, iface *types.Interface, name string, max int) []*ssa.Function {
	for _, sel := range LocalImplementations(pkg, iface, name, max) {
		if f := r.SSA.Pkg.Prog.MethodValue(sel); f != nil {
			out = append(out, f)
		}
	}
	return out
}

// importedImpls returns, for a call through an interface, the methods
// of that name of the types declared in the packages this package
// imports that reach the SDK (reachesSDK) and implement it: what a call of
// a repository interface, implemented next to it in the package that
// declares it, may run. Their bodies are not here; rules read what they
// do from their facts. At most MaxVariants.
func (r *Result) importedImpls(cc *ssa.CallCommon) []*ssa.Function {
	iface, _ := cc.Value.Type().Underlying().(*types.Interface)
	if iface == nil || r.SSA == nil || r.SSA.Pkg == nil {
		return nil
	}
	k := ifaceMethod{cc.Value.Type(), cc.Method.Name()}
	return cached(&r.lazy, &r.imported, k, func() []*ssa.Function { return r.importedImplsOf(iface, k.name) })
}

// ifaceMethod names a method of an interface type (importedImpls'
// cache key).
type ifaceMethod struct {
	t    types.Type
	name string
}

// importedImplsOf is importedImpls, uncached.
func (r *Result) importedImplsOf(iface *types.Interface, name string) []*ssa.Function {
	var out []*ssa.Function
	prog := r.SSA.Pkg.Prog
	for _, imp := range r.SSA.Pkg.Pkg.Imports() {
		if prog.Package(imp) == nil || !reachesSDK(imp, map[*types.Package]bool{}, 0) {
			continue // not created, or cannot reach the SDK: no table code
		}
		out = r.implsIn(out, imp, iface, name, MaxVariants-len(out))
		if len(out) >= MaxVariants {
			break
		}
	}
	return out
}

// reachesSDK reports whether pkg is or imports, directly or not, an SDK
// package (reach.IsSDK), by the imports its types record (a package
// loaded from export data lists those its API and fields use); the walk
// stops MaxDepth packages deep.
func reachesSDK(pkg *types.Package, seen map[*types.Package]bool, depth int) bool {
	if reach.IsSDK(pkg.Path()) {
		return true
	}
	if seen[pkg] || depth > MaxDepth {
		return false
	}
	seen[pkg] = true
	for _, imp := range pkg.Imports() {
		if reachesSDK(imp, seen, depth+1) {
			return true
		}
	}
	return false
}

// Implementations returns the functions an interface call may run in
// this package (its own types), for rules that follow calls
// themselves.
func (r *Result) Implementations(cc *ssa.CallCommon) []*ssa.Function {
	if !cc.IsInvoke() {
		if f := cc.StaticCallee(); f != nil {
			return []*ssa.Function{f}
		}
		return nil
	}
	iface, _ := cc.Value.Type().Underlying().(*types.Interface)
	if iface == nil {
		return nil
	}
	if n, ok := types.Unalias(cc.Value.Type()).(*types.Named); ok && n.TypeArgs().Len() > 0 {
		return r.localGenericImpls(cc.Value.Type(), cc.Method.Name())
	}
	return r.localImpls(iface, cc.Method.Name())
}

// localGenericImpls is localImpls for an instance of a generic interface
// (Store[Ticket]): besides the package's ordinary types, its generic
// types instantiated with the interface's type arguments
// (tableStore[Ticket]); see LocalImplementationsOf.
func (r *Result) localGenericImpls(recv types.Type, name string) []*ssa.Function {
	var out []*ssa.Function
	pkg := r.SSA.Pkg
	for _, sel := range LocalImplementationsOf(pkg.Pkg, recv, name, MaxVariants) {
		if f := pkg.Prog.MethodValue(sel); f != nil {
			out = append(out, f)
		}
	}
	return out
}

// unmarshalled returns the data json.Unmarshal decodes into the
// variable a (json.Unmarshal(data, &a)).
func unmarshalled(a *ssa.Alloc) []ssa.Value {
	var out []ssa.Value
	for _, u := range addressUses(a) {
		for _, ref := range *u.Referrers() {
			c, ok := ref.(*ssa.Call)
			if !ok || len(c.Call.Args) != 2 || c.Call.Args[1] != u {
				continue
			}
			if f := c.Call.StaticCallee(); f != nil && callee(f) == "encoding/json.Unmarshal" {
				out = append(out, c.Call.Args[0])
			}
		}
	}
	return out
}

// CallOrigins is Origins of result i of the call expression e (its SSA
// call, matched by its opening parenthesis); nil when e has none.
func (r *Result) CallOrigins(e *ast.CallExpr, i int) []Origin {
	c := r.Call(e)
	if c == nil {
		return nil
	}
	return (&eval{r: r}).callOrigins(c.Common(), i, 0)
}

// Listed reports whether o stands for entities a list returned (the
// entities of pages of NewListEntitiesPager: any number of them, a
// thousand a page), not one entity read by its keys.
func (o Origin) Listed() bool {
	return o.Source == Entity && (o.What == "page" || strings.HasPrefix(o.What, "page."))
}

// entryOrigins: the origins of the values put into the map m (a MakeMap,
// or a map variable's Alloc through its loads): their entity and
// parameter holes, and the entities they are as a whole.
func (e *eval) entryOrigins(m ssa.Value, depth int) []Origin {
	var out []Origin
	for _, u := range mapUpdates(m) {
		out = addOrigins(out, holeOrigins(e.of(u.Value, depth))...)
		for _, o := range e.origins(u.Value, depth) {
			if o.Source == Entity {
				out = addOrigins(out, o)
			}
		}
	}
	return out
}

// isMap: t is a map, or a pointer to one (a map variable's Alloc).
func isMap(t types.Type) bool {
	if p, ok := t.Underlying().(*types.Pointer); ok {
		t = p.Elem()
	}
	_, ok := t.Underlying().(*types.Map)
	return ok
}
