package entityshape

import (
	_ "embed"
	"fmt"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/tablelint/tablelint/analyzers/internal/diag"
	"github.com/tablelint/tablelint/analyzers/internal/docs"
	"github.com/tablelint/tablelint/analyzers/internal/flow"
	"github.com/tablelint/tablelint/analyzers/internal/index"
	"github.com/tablelint/tablelint/analyzers/internal/reach"
	"github.com/tablelint/tablelint/analyzers/internal/sdk"
	"github.com/tablelint/tablelint/analyzers/internal/writes"
	"github.com/tablelint/tablelint/internal/finding"
	"github.com/tablelint/tablelint/internal/limits"
)

//go:embed doc.go
var doc string

// Analyzer reports TL120, TL121, TL122 and TL123.
var Analyzer = &analysis.Analyzer{
	Name:             "entityshape",
	Doc:              docs.MustExtract(doc, "entityshape"),
	URL:              "https://pkg.go.dev/github.com/tablelint/tablelint/analyzers/entityshape",
	Requires:         []*analysis.Analyzer{index.Analyzer, flow.Analyzer},
	FactTypes:        []analysis.Fact{new(Fills)},
	Run:              run,
	RunDespiteErrors: true,
}

// Fills is the fact exported for a function that puts one of its
// parameters, unchecked, into an entity's String or Binary property:
// callers are checked for what they pass (TL121–TL123), as if they
// filled the property themselves.
type Fills struct {
	Params []Fill
}

// Fill is one parameter a function puts into a property.
type Fill struct {
	Param    int    // the parameter's position; -1 for a method's receiver
	Property string // the property's name
	Binary   bool   // a Binary ([]byte) property; else String
	// Field is the parameter's field that fills the property ("Note",
	// "Meta.Note"), "" for the parameter itself.
	Field string
	// At is where the property is filled, in the package that declares
	// the function: a caller in that package is reported there.
	At token.Pos
	// Joined: the property is the parameter (or its Field), a list,
	// joined into one string (strings.Join): the caller's list decides
	// its size.
	Joined bool
	// Map: the parameter is the entity's Properties map (Property
	// empty): each constant-key entry of the caller's map is a property.
	Map bool
	// Marshalled: the property is the JSON document of the parameter
	// (json.Marshal(v) of a struct or a type parameter, sealed or
	// encoded on the way): the caller's document decides its size.
	Marshalled bool
}

// AFact marks Fills as a fact.
func (*Fills) AFact() {}

func (f *Fills) String() string {
	var parts []string
	for _, p := range f.Params {
		param := fmt.Sprint(p.Param)
		if p.Param < 0 {
			param = "recv"
		}
		if p.Field != "" {
			param += "." + p.Field
		}
		switch {
		case p.Map:
			parts = append(parts, param+"→Properties")
			continue
		case p.Joined:
			param = "join(" + param + ")"
		case p.Marshalled:
			param = "json(" + param + ")"
		}
		parts = append(parts, param+"→"+p.Property)
	}
	return "fills(" + strings.Join(parts, ", ") + ")"
}

// The service's limits (package limits documents each).
const (
	MaxProperties  = limits.MaxCustomProperties // besides PartitionKey, RowKey, Timestamp
	MaxStringBytes = limits.MaxStringChars      // bytes of Go text that may take 64 KiB as UTF-16
	MaxBinaryBytes = limits.MaxBinaryBytes
	MaxEntityBytes = limits.MaxEntityBytes // by the size estimate of package limits
)

type checker struct {
	pass     *analysis.Pass
	fl       *flow.Result
	idx      *writes.Index
	reported map[types.Object]bool
	body     *ast.BlockStmt
	// fn is the function being checked (nil outside a declaration).
	fn *types.Func
	// fills are the parameters of this package's functions that fill
	// properties; added reports that the last property call added one.
	fills map[*types.Func]*Fills
	added bool
	// at is, while a caller's argument is checked, where the callee
	// fills the property (Fill.At); values maps the positions of this
	// package's property values to them; done holds the findings made
	// at a property for its callers (one per rule).
	at     token.Pos
	values map[token.Pos]ast.Expr
	done   map[token.Pos]map[string]bool
	// prop is the property whose value is being followed (property).
	prop string
	// call is the call whose argument is being checked.
	call   *ast.CallExpr
	callee *types.Func
	// propsVars caches propertiesVar, propsResults resultIsProperties.
	propsVars    map[*types.Var]bool
	propsResults map[*types.Func]bool
	// sites are the calls of functions with parameters, to check what
	// callers pass to a function that fills a property.
	sites []site
}

type site struct {
	call *ast.CallExpr
	fn   *types.Func // the callee
	in   *types.Func // the function containing the call
	body *ast.BlockStmt
}

func run(pass *analysis.Pass) (any, error) {
	if reach.Std(pass) {
		return nil, nil // facts run it on every dependency: the standard library has no entities
	}
	c := &checker{pass: pass, idx: index.Of(pass).Writes, fl: flow.Of(pass), reported: map[types.Object]bool{}, fills: map[*types.Func]*Fills{},
		values: map[token.Pos]ast.Expr{}, done: map[token.Pos]map[string]bool{}, propsVars: map[*types.Var]bool{}, propsResults: map[*types.Func]bool{}}
	// TL120 for entity structs declared here.
	for _, f := range pass.Files {
		for _, d := range f.Decls {
			gd, ok := d.(*ast.GenDecl)
			if !ok || gd.Tok != token.TYPE {
				continue
			}
			for _, s := range gd.Specs {
				ts := s.(*ast.TypeSpec)
				if obj := pass.TypesInfo.Defs[ts.Name]; obj != nil {
					c.countProps(obj.Type(), ts.Name)
				}
			}
		}
	}
	for _, f := range pass.Files {
		for _, d := range f.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Body == nil {
				continue
			}
			c.body = fd.Body
			c.fn, _ = pass.TypesInfo.Defs[fd.Name].(*types.Func)
			ast.Inspect(fd.Body, c.node)
		}
	}
	c.callers()
	return nil, nil
}

// callers checks what each call passes to a function that fills a
// property with a parameter, in the caller's body; a caller that passes
// its own parameter on fills the property too (to a fixed point).
func (c *checker) callers() {
	done := map[*ast.CallExpr]map[Fill]bool{}
	for range writes.MaxDepth {
		more := false
		for _, s := range c.sites {
			for _, f := range c.fillsAt(s.fn) {
				arg := sdk.ArgAt(c.pass.TypesInfo, s.call, f.Param)
				if arg == nil || done[s.call][f] {
					continue
				}
				if done[s.call] == nil {
					done[s.call] = map[Fill]bool{}
				}
				done[s.call][f] = true
				c.body, c.fn, c.added = s.body, s.in, false
				c.at, c.call, c.callee = token.NoPos, s.call, s.fn
				if s.fn.Pkg() == c.pass.Pkg {
					c.at = f.At // a position of this package (facts of others have their own)
				}
				t := types.Type(types.Typ[types.String])
				if f.Binary {
					t = types.NewSlice(types.Typ[types.Byte])
				}
				switch {
				case f.Map:
					c.mapArg(s, f, arg)
				case f.Marshalled:
					c.marshalledArg(s, f, arg)
				case f.Joined || f.Field != "" && c.callerParam(arg) != nil:
					c.listArg(s, f, arg)
				case f.Field != "":
					// The values the caller's variable holds in the
					// field at the call (the stores and literal that
					// reach it: flow's FieldGiven), else what the
					// value-flow layer finds (a literal given at the
					// call, a request's text).
					if fvs := c.givenField(s, f, arg); len(fvs) > 0 {
						for _, fv := range fvs {
							c.property(f.Property, t, fv)
						}
					} else {
						c.flowField(s, f, arg)
					}
				default:
					c.property(f.Property, t, arg)
				}
				c.at, c.call, c.callee = token.NoPos, nil, nil
				more = more || c.added
			}
		}
		if !more {
			break
		}
	}
	for fn, fs := range c.fills {
		c.pass.ExportObjectFact(fn, fs)
	}
}

// callerParam returns the parameter of the calling function that arg is
// (passed on as it is), or nil.
func (c *checker) callerParam(arg ast.Expr) *types.Var {
	id, ok := ast.Unparen(arg).(*ast.Ident)
	if !ok {
		return nil
	}
	v := c.idx.VarOf(id)
	if v == nil {
		return nil
	}
	if _, ok := c.paramIndex(v); !ok {
		return nil
	}
	return v
}

// forward records that the calling function fills f's property with its
// own parameter v, passed on to the callee (the same field, joined or
// not, or the same Properties map).
func (c *checker) forward(v *types.Var, f Fill, arg ast.Expr) {
	at := c.at
	if !at.IsValid() {
		at = arg.Pos() // a callee of another package: the caller's callers are reported here
		c.values[at] = arg
	}
	f.At = at
	c.fill(v, f)
}

// listArg checks what a caller passes to a callee that puts the argument
// (or its f.Field) into a property, joined when f.Joined: the caller's
// own parameter passes the fill on; a list decoded from the request
// (the value flow layer says where the argument's field comes from) is
// unbounded.
func (c *checker) listArg(s site, f Fill, arg ast.Expr) {
	if v := c.callerParam(arg); v != nil {
		c.forward(v, f, arg)
		return
	}
	if !f.Joined {
		return
	}
	in := c.fl.Call(s.call)
	if in == nil {
		return
	}
	args := flow.CallArgs(in.Common())
	if f.Param < 0 || f.Param >= len(args) {
		return
	}
	var val flow.Value
	if f.Field != "" {
		val = c.fl.FieldOfLocal(args[f.Param], f.Field)
	} else {
		val = c.fl.OfLocal(args[f.Param])
	}
	if what, ok := requestList(val); ok {
		c.sized(f.Property, f.Binary, !f.Binary, arg, src{what: what, bound: -1})
	}
}

// mapArg checks the map a caller passes to a callee that makes it an
// entity's Properties (Fill.Map): each constant-key entry of its literal,
// and each entry the caller sets before the call (m["Bio"] = v), is a
// property filled here; the caller's own parameter passes the fill on.
func (c *checker) mapArg(s site, f Fill, arg ast.Expr) {
	if v := c.callerParam(arg); v != nil {
		c.forward(v, f, arg)
		return
	}
	at, call, callee := c.at, c.call, c.callee
	c.at, c.call, c.callee = token.NoPos, nil, nil // reported at the caller's entries
	defer func() { c.at, c.call, c.callee = at, call, callee }()
	entry := func(k ast.Expr, val ast.Expr) {
		name, ok := c.idx.ConstString(k)
		if !ok || name == writes.PartitionKey || name == writes.RowKey || name == writes.Timestamp || strings.Contains(name, "@odata.") {
			return
		}
		c.property(name, c.pass.TypesInfo.TypeOf(val), val)
	}
	if lit, ok := c.idx.Resolve(ast.Unparen(arg)).(*ast.CompositeLit); ok && writes.IsStringMap(c.pass.TypesInfo.TypeOf(lit)) && !c.isEntityMap(lit) {
		for _, el := range lit.Elts {
			if kv, ok := el.(*ast.KeyValueExpr); ok {
				entry(kv.Key, kv.Value)
			}
		}
	}
	v := c.idx.VarOf(ast.Unparen(arg))
	if v == nil || s.body == nil {
		return
	}
	ast.Inspect(s.body, func(n ast.Node) bool {
		as, ok := n.(*ast.AssignStmt)
		if !ok || as.Pos() >= s.call.Pos() || len(as.Lhs) != len(as.Rhs) {
			return true
		}
		for i, l := range as.Lhs {
			if ix, ok := ast.Unparen(l).(*ast.IndexExpr); ok && c.idx.VarOf(ast.Unparen(ix.X)) == v {
				entry(ix.Index, as.Rhs[i])
			}
		}
		return true
	})
}

// propsParam records that the function being checked makes its
// parameter e an entity's Properties (EDMEntity{Properties: props}, a
// legacy e.Properties = props): its callers' entries are properties.
func (c *checker) propsParam(e ast.Expr) {
	if v := c.callerParam(e); v != nil && writes.IsStringMap(v.Type()) {
		c.fill(v, Fill{Map: true, At: e.Pos()})
		return
	}
	if v := c.idx.VarOf(ast.Unparen(e)); v != nil && writes.IsStringMap(v.Type()) {
		for _, p := range c.copiedParams(v) {
			c.fill(p, Fill{Map: true, At: e.Pos()})
		}
	}
}

// copiedParams returns the map parameters of the function being checked
// whose every entry the function copies into the local map m: for k, v
// := range p { m[k] = v }, or maps.Copy(m, p). The caller's entries are
// then m's.
func (c *checker) copiedParams(m *types.Var) []*types.Var {
	if c.body == nil {
		return nil
	}
	info := c.pass.TypesInfo
	var out []*types.Var
	add := func(src ast.Expr) {
		if p := c.callerParam(src); p != nil && writes.IsStringMap(p.Type()) && !slices.Contains(out, p) {
			out = append(out, p)
		}
	}
	ast.Inspect(c.body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.CallExpr:
			if sdk.IsFunc(info, n, "maps", "Copy") && len(n.Args) == 2 && c.idx.VarOf(ast.Unparen(n.Args[0])) == m {
				add(n.Args[1])
			}
		case *ast.RangeStmt:
			key, val := c.idx.VarOf(n.Key), c.idx.VarOf(n.Value)
			if key == nil || val == nil {
				return true
			}
			for _, st := range n.Body.List {
				as, ok := st.(*ast.AssignStmt)
				if !ok || as.Tok != token.ASSIGN || len(as.Lhs) != 1 || len(as.Rhs) != 1 {
					continue
				}
				ix, ok := ast.Unparen(as.Lhs[0]).(*ast.IndexExpr)
				if ok && c.idx.VarOf(ast.Unparen(ix.X)) == m && c.idx.VarOf(ast.Unparen(ix.Index)) == key && c.copyOf(as.Rhs[0], val) {
					add(n.X)
				}
			}
		}
		return true
	})
	return out
}

// copyOf reports whether e is the variable v, or v converted to another
// type (any(v), string(v)).
func (c *checker) copyOf(e ast.Expr, v *types.Var) bool {
	e = ast.Unparen(e)
	if call, ok := e.(*ast.CallExpr); ok && len(call.Args) == 1 {
		if tv, ok := c.pass.TypesInfo.Types[call.Fun]; ok && tv.IsType() {
			e = ast.Unparen(call.Args[0])
		}
	}
	return c.idx.VarOf(e) == v
}

// fillsAt returns the properties a call of fn fills with its arguments:
// fn's, or for a method of an interface declared here, those of this
// package's types that implement it.
func (c *checker) fillsAt(fn *types.Func) []Fill {
	if fs := c.fillsOf(fn); fs != nil {
		return fs.Params
	}
	sig, _ := fn.Type().(*types.Signature)
	if sig == nil || sig.Recv() == nil || fn.Pkg() != c.pass.Pkg {
		return nil
	}
	if !types.IsInterface(sig.Recv().Type()) {
		return nil
	}
	var out []Fill
	for _, sel := range flow.LocalImplementationsOf(c.pass.Pkg, sig.Recv().Type(), fn.Name(), flow.MaxVariants) {
		if m, ok := sel.Obj().(*types.Func); ok {
			if fs := c.fillsOf(m.Origin()); fs != nil {
				out = append(out, fs.Params...)
			}
		}
	}
	return out
}

// paramField returns the parameter of the function being checked whose
// field e is (n.Note, n.Meta.Note), and the field's path; nil otherwise.
func (c *checker) paramField(e *ast.SelectorExpr) (*types.Var, string) {
	path := e.Sel.Name
	x := ast.Expr(e)
	for depth := 0; depth < writes.MaxDepth; depth++ {
		sel, ok := ast.Unparen(x).(*ast.SelectorExpr)
		if !ok {
			break
		}
		if s, ok := c.pass.TypesInfo.Selections[sel]; !ok || s.Kind() != types.FieldVal {
			return nil, ""
		}
		if x != ast.Expr(e) {
			path = sel.Sel.Name + "." + path
		}
		x = sel.X
	}
	id, ok := ast.Unparen(x).(*ast.Ident)
	if !ok {
		return nil, ""
	}
	v := c.idx.VarOf(id)
	if v == nil {
		return nil, ""
	}
	if _, ok := c.paramIndex(v); !ok {
		return nil, ""
	}
	return v, path
}

// givenField returns what the caller's variable arg holds in f.Field at
// the call s, as written (flow's FieldGiven); nil for another argument.
func (c *checker) givenField(s site, f Fill, arg ast.Expr) []ast.Expr {
	call := c.fl.Call(s.call)
	if _, ok := ast.Unparen(arg).(*ast.Ident); !ok || call == nil {
		return nil
	}
	var out []ast.Expr
	for _, g := range c.fl.FieldGiven(call, c.flowParam(s, f), f.Field) {
		if g.Expr != nil {
			out = append(out, g.Expr)
		}
	}
	return out
}

// flowParam is f's parameter counted as flow counts it (the receiver
// first).
func (c *checker) flowParam(s site, f Fill) int {
	if sig, ok := s.fn.Type().(*types.Signature); ok && sig.Recv() != nil {
		return f.Param + 1
	}
	return f.Param
}

// rootIdent returns the identifier a selector chain starts from.
func (c *checker) rootIdent(e ast.Expr) *ast.Ident {
	for depth := 0; depth < writes.MaxDepth; depth++ {
		switch x := ast.Unparen(e).(type) {
		case *ast.SelectorExpr:
			e = x.X
		case *ast.Ident:
			return x
		default:
			return nil
		}
	}
	return nil
}

// fillsOf returns the properties fn fills with its parameters.
func (c *checker) fillsOf(fn *types.Func) *Fills { return index.FuncFact(c.pass, c.fills, fn) }

// paramIndex returns v's position among the parameters of the function
// being checked (-1 for a method's receiver), if v is one that is never
// reassigned.
func (c *checker) paramIndex(v *types.Var) (int, bool) {
	if c.fn == nil || c.idx.Reassigned(v) {
		return 0, false
	}
	sig := c.fn.Type().(*types.Signature)
	if r := sig.Recv(); r != nil && r == v && v.Name() != "" && v.Name() != "_" {
		return -1, true
	}
	ps := sig.Params()
	for i := 0; i < ps.Len(); i++ {
		if ps.At(i) == v {
			return i, true
		}
	}
	return 0, false
}

// countProps reports TL120 for an entity struct type with too many
// properties, once per type.
func (c *checker) countProps(t types.Type, at ast.Node) {
	if sdk.IsAztablesType(t, "Entity") || sdk.IsAztablesType(t, "EDMEntity") || sdk.IsLegacyType(t, "Entity") || !writes.IsEntityStruct(t) {
		return
	}
	var obj types.Object = nil
	if n, ok := types.Unalias(t).(*types.Named); ok {
		obj = n.Obj()
	} else if p, ok := types.Unalias(t).(*types.Pointer); ok {
		if n, ok := types.Unalias(p.Elem()).(*types.Named); ok {
			obj = n.Obj()
		}
	}
	if obj != nil && c.reported[obj] {
		return
	}
	n := 0
	for _, f := range writes.JSONFields(t) {
		switch {
		case f.Name == writes.PartitionKey, f.Name == writes.RowKey, f.Name == writes.Timestamp,
			strings.HasPrefix(f.Name, "odata."), strings.Contains(f.Name, "@odata."):
		default:
			n++
		}
	}
	if obj != nil {
		c.reported[obj] = true
	}
	if n > MaxProperties {
		name := types.TypeString(t, types.RelativeTo(c.pass.Pkg))
		diag.Report(c.pass, "TL120", at, "entity type %s has %d properties, over the limit of %d", finding.Clip(name), n, MaxProperties)
	}
}

func (c *checker) node(n ast.Node) bool {
	switch n := n.(type) {
	case *ast.CallExpr:
		if fn := sdk.Callee(c.pass.TypesInfo, n); fn != nil && fn.Pkg() != nil && (len(n.Args) > 0 || sdk.Receiver(c.pass.TypesInfo, n) != nil) && (fn.Pkg() == c.pass.Pkg || c.fillsOf(fn) != nil) {
			c.sites = append(c.sites, site{call: n, fn: fn, in: c.fn, body: c.body})
		}
		if arg := writes.MarshalArg(c.pass.TypesInfo, n); arg != nil {
			if t := c.pass.TypesInfo.TypeOf(arg); t != nil {
				c.countProps(t, n)
			}
		}
	case *ast.CompositeLit:
		c.literal(n)
	case *ast.AssignStmt:
		if len(n.Lhs) != len(n.Rhs) {
			return true
		}
		for i, l := range n.Lhs {
			if name, ok := c.propTarget(l); ok {
				c.property(name, c.pass.TypesInfo.TypeOf(l), n.Rhs[i])
			}
			if sel, ok := ast.Unparen(l).(*ast.SelectorExpr); ok && (sdk.FieldSelection(c.pass.TypesInfo, sel, sdk.LegacyPath, "Entity", "Properties") ||
				sdk.FieldSelection(c.pass.TypesInfo, sel, sdk.AztablesPath, "EDMEntity", "Properties")) {
				c.propsParam(n.Rhs[i]) // e.Properties = props
			}
		}
	}
	return true
}

// literal checks the properties an entity literal sets.
func (c *checker) literal(lit *ast.CompositeLit) {
	t := c.pass.TypesInfo.TypeOf(lit)
	if t == nil {
		return
	}
	var total int64
	var tooBig bool
	add := func(name string, ft types.Type, v ast.Expr) {
		b, big := c.property(name, ft, v)
		total += b
		tooBig = tooBig || big
	}
	if sdk.IsAztablesType(t, "EDMEntity") || sdk.IsLegacyType(t, "Entity") {
		if p := sdk.Field(c.pass.TypesInfo, lit, "Properties"); p != nil {
			c.propsParam(p)
		}
	}
	switch {
	case writes.IsStringMap(t):
		if !c.isEntityMap(lit) {
			return
		}
		if c.isProperties(lit) && len(lit.Elts) > MaxProperties {
			diag.Report(c.pass, "TL120", lit, "entity has %d properties, over the limit of %d", len(lit.Elts), MaxProperties)
		}
	case writes.IsEntityStruct(t):
	default:
		return
	}
	// The custom properties: the keys and Timestamp are not counted, nor
	// a field JSON leaves out (Name "").
	if !c.idx.LiteralProperties(t, lit, func(p writes.LiteralProperty) {
		if p.Name != "" && p.Name != writes.PartitionKey && p.Name != writes.RowKey && p.Name != writes.Timestamp {
			add(p.Name, p.Type, p.Value)
		}
	}) {
		return
	}
	if !tooBig && total > MaxEntityBytes {
		diag.Report(c.pass, "TL121", lit, "this entity's properties can together hold %d bytes, over the %s entity limit", total, limits.SizeText(MaxEntityBytes))
	}
}

// isEntityMap reports whether a map literal is an entity (it has a
// PartitionKey entry) or the Properties of an EDMEntity literal.
func (c *checker) isEntityMap(lit *ast.CompositeLit) bool {
	if c.isProperties(lit) {
		return true
	}
	for _, e := range lit.Elts {
		if kv, ok := e.(*ast.KeyValueExpr); ok {
			if k, ok := c.idx.ConstString(kv.Key); ok && k == writes.PartitionKey {
				return true
			}
		}
	}
	return false
}

// isProperties reports whether lit is the Properties of an
// aztables.EDMEntity or legacy storage.Entity: in its literal, or
// assigned to it (e.Properties = map[string]interface{}{…}), directly or
// through a variable it is the one value of.
func (c *checker) isProperties(lit *ast.CompositeLit) bool {
	if c.returnedProperties(lit) {
		return true
	}
	found := false
	ast.Inspect(c.body, func(n ast.Node) bool {
		if found {
			return false
		}
		switch n := n.(type) {
		case *ast.CompositeLit:
			if t := c.pass.TypesInfo.TypeOf(n); sdk.IsAztablesType(t, "EDMEntity") || sdk.IsLegacyType(t, "Entity") {
				if p := sdk.Field(c.pass.TypesInfo, n, "Properties"); p != nil && (ast.Unparen(p) == lit || c.idx.Resolve(p) == lit) {
					found = true
				}
			}
		case *ast.AssignStmt:
			// entity.Properties = map[string]interface{}{…} on a legacy
			// storage.Entity.
			if len(n.Lhs) != len(n.Rhs) {
				return true
			}
			for i, l := range n.Lhs {
				if sel, ok := ast.Unparen(l).(*ast.SelectorExpr); ok && (ast.Unparen(n.Rhs[i]) == lit || c.idx.Resolve(n.Rhs[i]) == lit) &&
					sdk.FieldSelection(c.pass.TypesInfo, sel, sdk.LegacyPath, "Entity", "Properties") {
					found = true
				}
			}
		}
		return true
	})
	return found
}

// propTarget returns the property an assignment target sets: a field of
// an entity struct, or an entry of the Properties of an EDMEntity or a
// legacy storage.Entity.
func (c *checker) propTarget(l ast.Expr) (string, bool) {
	switch l := ast.Unparen(l).(type) {
	case *ast.SelectorExpr:
		s := c.pass.TypesInfo.Selections[l]
		if s == nil || s.Kind() != types.FieldVal || !writes.IsEntityStruct(s.Recv()) {
			return "", false
		}
		switch s.Obj().Name() {
		case writes.PartitionKey, writes.RowKey, writes.Timestamp:
			return "", false
		}
		return s.Obj().Name(), true
	case *ast.IndexExpr:
		if v := c.idx.VarOf(l.X); v != nil && c.propertiesVar(v) {
			// A map the function makes for an entity's Properties: a
			// key it computes is named by the expression.
			if k, ok := c.idx.ConstString(l.Index); ok {
				return k, true
			}
			return finding.Clip(types.ExprString(l)), true
		}
		sel, ok := ast.Unparen(l.X).(*ast.SelectorExpr)
		if !ok || !sdk.FieldSelection(c.pass.TypesInfo, sel, sdk.AztablesPath, "EDMEntity", "Properties") &&
			!sdk.FieldSelection(c.pass.TypesInfo, sel, sdk.LegacyPath, "Entity", "Properties") {
			return "", false
		}
		k, ok := c.idx.ConstString(l.Index)
		return k, ok
	}
	return "", false
}

// propertiesVar reports whether v, a string-keyed map variable of the
// function being checked, becomes the Properties of an EDMEntity: given
// in a literal of this function (EDMEntity{Properties: v}), or returned
// by it to a caller in the package that gives the result so.
func (c *checker) propertiesVar(v *types.Var) bool {
	if !writes.IsStringMap(v.Type()) || c.body == nil || c.fn == nil {
		return false
	}
	if got, ok := c.propsVars[v]; ok {
		return got
	}
	got := c.findPropertiesVar(v)
	c.propsVars[v] = got
	return got
}

func (c *checker) findPropertiesVar(v *types.Var) bool {
	info := c.pass.TypesInfo
	isProps := func(lit *ast.CompositeLit, want func(ast.Expr) bool) bool {
		if !sdk.IsAztablesType(info.TypeOf(lit), "EDMEntity") {
			return false
		}
		p := sdk.Field(info, lit, "Properties")
		return p != nil && want(ast.Unparen(p))
	}
	found, returned := false, false
	ast.Inspect(c.body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.CompositeLit:
			if isProps(n, func(p ast.Expr) bool { return c.idx.VarOf(p) == v }) {
				found = true
			}
		case *ast.ReturnStmt:
			for _, r := range n.Results {
				if c.idx.VarOf(r) == v {
					returned = true
				}
			}
		case *ast.FuncLit:
			return false
		}
		return !found
	})
	if found || !returned {
		return found
	}
	return c.resultIsProperties(c.fn)
}

// resultIsProperties reports whether a caller in the package gives the
// (first) result of fn as an entity's Properties: EDMEntity{Properties:
// x} or a legacy Entity's, in its literal or assigned (e.Properties =
// x), x the call or a variable it is the one value of.
func (c *checker) resultIsProperties(fn *types.Func) bool {
	if got, ok := c.propsResults[fn]; ok {
		return got
	}
	info := c.pass.TypesInfo
	isCall := func(p ast.Expr) bool {
		p = ast.Unparen(p)
		if call, ok := p.(*ast.CallExpr); ok {
			return sdk.Callee(info, call) == fn
		}
		pv := c.idx.VarOf(p)
		if pv == nil {
			return false
		}
		d, ok := c.idx.Only(pv)
		if !ok || d.Index > 0 {
			return false
		}
		call, ok := ast.Unparen(d.Rhs).(*ast.CallExpr)
		return ok && sdk.Callee(info, call) == fn
	}
	found := false
	for _, f := range c.pass.Files {
		ast.Inspect(f, func(n ast.Node) bool {
			if found {
				return false
			}
			switch n := n.(type) {
			case *ast.CompositeLit:
				if t := info.TypeOf(n); sdk.IsAztablesType(t, "EDMEntity") || sdk.IsLegacyType(t, "Entity") {
					if p := sdk.Field(info, n, "Properties"); p != nil && isCall(p) {
						found = true
					}
				}
			case *ast.AssignStmt:
				if len(n.Lhs) != len(n.Rhs) {
					return true
				}
				for i, l := range n.Lhs {
					if sel, ok := ast.Unparen(l).(*ast.SelectorExpr); ok && (sdk.FieldSelection(info, sel, sdk.LegacyPath, "Entity", "Properties") ||
						sdk.FieldSelection(info, sel, sdk.AztablesPath, "EDMEntity", "Properties")) && isCall(n.Rhs[i]) {
						found = true
					}
				}
			}
			return !found
		})
	}
	c.propsResults[fn] = found
	return found
}

// returnedProperties reports whether the function being checked returns
// lit (directly, or as the one value of a variable it returns) and its
// result is given to an entity as Properties by a caller.
func (c *checker) returnedProperties(lit *ast.CompositeLit) bool {
	if c.fn == nil {
		return false
	}
	rets, _ := c.idx.Returns(c.fn, 0)
	for _, r := range rets {
		if r != nil && (ast.Unparen(r) == lit || c.idx.Resolve(r) == lit) {
			return c.resultIsProperties(c.fn)
		}
	}
	return false
}

// property checks one property value; it returns the value's known bound
// in bytes as stored (0 if unknown or small) and whether it reported.
func (c *checker) property(name string, ft types.Type, v ast.Expr) (int64, bool) {
	vt := c.pass.TypesInfo.TypeOf(v)
	// A caller's argument fills the callee's property: its type is the
	// property's ([]byte converted to a string there is text).
	binary := sdk.IsBytes(ft) || (c.call == nil && sdk.IsBytes(vt))
	text := isText(ft) || (!binary && isText(vt))
	if !binary && !text {
		return 0, false
	}
	prev := c.prop
	c.prop = name
	s, ok := c.source(v)
	c.prop = prev
	if !ok || s.checked {
		return 0, false
	}
	return c.filled(name, binary, text, v, s)
}

// flowField checks what the call of site s puts in field f.Field of the
// argument arg, on the value-flow layer: a request body, a form value or
// a file read whole fills the callee's property unbounded; the caller's
// own parameter (or a field of it) makes the caller fill it too.
func (c *checker) flowField(s site, f Fill, arg ast.Expr) {
	call := c.fl.Call(s.call)
	if call == nil {
		return
	}
	v, ok := c.fl.ArgField(call, c.flowParam(s, f), f.Field)
	if !ok {
		return
	}
	if src, ok := c.holeSource(v); ok {
		if !src.checked {
			c.filled(f.Property, f.Binary, !f.Binary, arg, src)
		}
		return
	}
	// Passed on from the caller's own parameter: its callers are
	// checked in turn.
	fn := call.Parent()
	if fn.Object() == nil || fn.Object() != types.Object(s.in) {
		return // in a function literal: its holes may be the enclosing function's
	}
	for _, h := range v.Holes() {
		if h.Source != flow.Param || h.Bound&flow.LengthChecked != 0 || h.Param < 0 || h.Param >= len(fn.Params) {
			continue
		}
		if p, ok := fn.Params[h.Param].Object().(*types.Var); ok {
			c.fill(p, Fill{Property: f.Property, Binary: f.Binary, Field: h.Field, At: c.at})
		}
	}
}

// filled reports (or records, for a parameter) a property filled from s;
// v is the value as written, where a finding made here goes.
func (c *checker) filled(name string, binary, text bool, v ast.Expr, s src) (int64, bool) {
	if s.param != nil {
		at := c.at
		if !at.IsValid() {
			at = v.Pos() // the property is filled here
			c.values[at] = v
		}
		c.fill(s.param, Fill{Property: name, Binary: binary, Field: s.field, At: at, Joined: s.joined, Marshalled: s.marshalled})
		return 0, false
	}
	return c.sized(name, binary, text, v, s)
}

// sized reports a property value from the source s: unbounded, or
// bounded over a limit. It returns the value's bound in bytes as stored
// (0 if unknown or small) and whether it reported.
func (c *checker) sized(name string, binary, text bool, v ast.Expr, s src) (int64, bool) {
	// A caller of a function of this package that fills the property:
	// reported where the property is filled, naming the call.
	if prop := c.values[c.at]; prop != nil && c.call != nil {
		rule := "TL122"
		if binary {
			rule = "TL123"
		}
		if s.bound >= 0 {
			rule = "" // bounded: the sizes are reported at the call
		}
		if rule != "" {
			if c.done[c.at] == nil {
				c.done[c.at] = map[string]bool{}
			}
			if !c.done[c.at][rule] {
				c.done[c.at][rule] = true
				line := c.pass.Fset.Position(c.call.Pos()).Line
				diag.Report(c.pass, rule, prop, "%s", diag.Fit(
					fmt.Sprintf("property %s is filled from %s (passed at line %d) with no length check", name, finding.Clip(s.what), line),
					fmt.Sprintf("property %s is filled with what line %d passes to %s, with no length check", name, line, c.callee.Name())))
			}
			return 0, true
		}
	}
	stored := limits.BinarySize(s.bound)
	if text {
		stored = limits.StringSize(s.bound) // at most s.bound UTF-16 code units
	}
	rule, limit, kind, limitText := "TL122", int64(MaxStringBytes), "String", limits.SizeText(limits.MaxStringBytes)
	if binary {
		rule, limit, kind, limitText = "TL123", MaxBinaryBytes, "Binary", limits.SizeText(limits.MaxBinaryBytes)
	}
	switch {
	case s.bound < 0:
		diag.Report(c.pass, rule, v, "property %s is filled from %s with no length check", name, finding.Clip(s.what))
		return 0, true
	case stored > MaxEntityBytes:
		// Over both limits: each rule is a mistake of its own (the
		// property cannot hold it, nor can the entity).
		if s.bound > limit {
			diag.Report(c.pass, rule, v, "property %s is filled with up to %d bytes, over the %s limit of %s", name, s.bound, kind, limitText)
		}
		diag.Report(c.pass, "TL121", v, "property %s is filled with up to %d bytes, over the %s entity limit", name, s.bound, limits.SizeText(MaxEntityBytes))
		return 0, true
	case s.bound > limit:
		diag.Report(c.pass, rule, v, "property %s is filled with up to %d bytes, over the %s limit of %s", name, s.bound, kind, limitText)
		return 0, true
	}
	return stored, false
}

func isText(t types.Type) bool {
	if t == nil {
		return false
	}
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Info()&types.IsString != 0
}

// A src describes where a property value comes from.
type src struct {
	what    string // "io.ReadAll(r.Body)"
	bound   int64  // the largest size in bytes, -1 if unbounded
	checked bool   // a length check covers it
	// param is the parameter of the function being checked the value
	// is, unchecked: what callers pass is checked where they call.
	param *types.Var
	field string // the field of param, "" for param itself
	// joined: the param (or its field) is a list joined into the value.
	joined bool
	// marshalled: the value is the param's JSON document.
	marshalled bool
}

// fill records that the function being checked puts parameter v into a
// property.
func (c *checker) fill(v *types.Var, f Fill) {
	i, ok := c.paramIndex(v)
	if !ok {
		return
	}
	f.Param = i
	fs := c.fills[c.fn]
	if fs == nil {
		fs = &Fills{}
		c.fills[c.fn] = fs
	}
	for _, g := range fs.Params {
		if g == f {
			return
		}
	}
	fs.Params = append(fs.Params, f)
	c.added = true
}

// source follows v to an unbounded or bounded source; ok is false when v
// does not come from one.
func (c *checker) source(v ast.Expr) (src, bool) {
	return c.sourceFrom(v, nil, 0)
}

// sourceFrom follows e, derived from exprs; a variable assigned in
// several places (extra := "" and, under a condition, extra =
// string(b)) is followed into each assignment, the first source found
// wins, and a length check of the variable covers every one.
func (c *checker) sourceFrom(e ast.Expr, exprs []ast.Expr, depth int) (src, bool) {
	for ; depth < writes.MaxDepth; depth++ {
		e = ast.Unparen(e)
		exprs = append(exprs, e)
		next, s, ok, done := c.step(e)
		if done {
			if !ok {
				return c.sourceOfDefs(e, exprs, depth)
			}
			s.checked = s.bound == boundedUnknown || c.lengthChecked(exprs)
			return s, true
		}
		e = next
	}
	return src{}, false
}

// mentions reports whether e uses the variable v.
func (c *checker) mentions(e ast.Expr, v *types.Var) bool {
	found := false
	ast.Inspect(e, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok && c.pass.TypesInfo.Uses[id] == v {
			found = true
		}
		return !found
	})
	return found
}

// sourceOfDefs follows each assignment of a local variable that step
// could not follow as one definition.
func (c *checker) sourceOfDefs(e ast.Expr, exprs []ast.Expr, depth int) (src, bool) {
	id, ok := e.(*ast.Ident)
	if !ok {
		return src{}, false
	}
	v := c.idx.VarOf(id)
	if v == nil {
		return src{}, false
	}
	if _, ok := c.paramIndex(v); ok {
		return src{}, false
	}
	if _, ok := c.idx.Only(v); ok {
		return src{}, false // step followed it
	}
	defs := c.idx.Defs(v)
	if len(defs) < 2 || len(defs) > flow.MaxVariants {
		return src{}, false
	}
	for _, d := range defs {
		// v = trim(v, n): a later value made from the earlier one (cut,
		// cleaned) may be bounded; not followed.
		if d.Rhs != nil && c.mentions(d.Rhs, v) {
			return src{}, false
		}
	}
	for _, d := range defs {
		if d.Index > 0 || d.Zero() || d.Rhs == nil {
			continue
		}
		if s, ok := c.sourceFrom(d.Rhs, slices.Clip(exprs), depth+1); ok {
			return s, true
		}
	}
	return src{}, false
}

// step looks at one expression: done with a source (ok) or with nothing
// (!ok), or not done, continuing at next.
func (c *checker) step(e ast.Expr) (next ast.Expr, s src, ok, done bool) {
	info := c.pass.TypesInfo
	switch e := e.(type) {
	case *ast.Ident:
		v := c.idx.VarOf(e)
		if v == nil {
			return nil, src{}, false, true
		}
		if _, ok := c.paramIndex(v); ok {
			return nil, src{what: "a parameter", param: v}, true, true
		}
		d, ok := c.idx.Only(v)
		if !ok || d.Zero() {
			return nil, src{}, false, true
		}
		if d.Index > 0 {
			// A later result of a call (_, plan, err := build()): what
			// the value-flow layer knows of that result.
			if call, isCall := ast.Unparen(d.Rhs).(*ast.CallExpr); isCall {
				if s, ok := c.flowResult(call, d.Index); ok {
					return nil, s, true, true
				}
			}
			return nil, src{}, false, true
		}
		return d.Rhs, src{}, false, false
	case *ast.SelectorExpr:
		// A field of a parameter: what callers put in that field is
		// checked where they call.
		if v, field := c.paramField(e); v != nil {
			return nil, src{what: "a parameter", param: v, field: field}, true, true
		}
		// Any other field: what the value-flow layer knows of it (a
		// field of a request model decoded from the body, of any
		// length unless the body was limited or the field checked).
		if s, ok := c.flowExpr(e); ok {
			return nil, s, true, true
		}
		return nil, src{}, false, true
	case *ast.IndexExpr:
		// An element of a list (req.Lines[0]), as for a field.
		if s, ok := c.flowExpr(e); ok {
			return nil, s, true, true
		}
		return nil, src{}, false, true
	case *ast.CallExpr:
		if tv, ok := info.Types[e.Fun]; ok && tv.IsType() && len(e.Args) == 1 {
			return e.Args[0], src{}, false, false // string(b), []byte(s), EDMBinary(b)
		}
		fn := sdk.Callee(info, e)
		if fn == nil || fn.Pkg() == nil {
			// A function literal called where it is written, or a
			// function value: what the value-flow layer knows of its
			// result.
			if s, ok := c.flowSource(e); ok {
				return nil, s, true, true
			}
			return nil, src{}, false, true
		}
		path, name := fn.Pkg().Path(), fn.Name()
		switch {
		case (path == "io" || path == "io/ioutil") && name == "ReadAll" && len(e.Args) == 1:
			what := "io.ReadAll(" + types.ExprString(e.Args[0]) + ")"
			if n, ok := c.limited(e.Args[0]); ok {
				return nil, src{what: what, bound: n}, true, true
			}
			return nil, src{what: what, bound: -1}, true, true
		case (path == "os" || path == "io/ioutil") && name == "ReadFile":
			return nil, src{what: "a whole file (" + path + ".ReadFile)", bound: -1}, true, true
		case path == "net/http" && (name == "FormValue" || name == "PostFormValue"):
			return nil, src{what: "a request form value", bound: -1}, true, true
		case (path == "encoding/json" || path == "encoding/xml") && (name == "Marshal" || name == "MarshalIndent") && len(e.Args) >= 1:
			if v := c.marshalledParam(e.Args[0]); v != nil {
				return nil, src{what: "a parameter", param: v, marshalled: true}, true, true
			}
			if c.storedAgain(e.Args[0]) {
				return nil, src{}, false, true // read from this property, not grown: it fit
			}
			if t := info.TypeOf(e.Args[0]); flow.Growable(t) || dynamic(t) && (c.fromParam(e.Args[0]) || c.growableCase(e.Args[0])) {
				what := "a marshalled document (" + types.ExprString(e.Args[0]) + ")"
				if v, ok := c.fl.ExprOf(e); ok {
					if size := flow.SizeOf(v); size.Bounded {
						return nil, src{what: what, bound: size.Max}, true, true // a literal of known entries (flow's literalDoc)
					}
				}
				if n, ok := c.decodedLimit(e.Args[0]); ok {
					return nil, src{what: what, bound: n}, true, true
				}
				return nil, src{what: what, bound: -1}, true, true
			}
		case path == "strings" && (name == "TrimSpace" || name == "ToLower" || name == "ToUpper") && len(e.Args) == 1:
			return e.Args[0], src{}, false, false
		case path == "strings" && name == "Join" && len(e.Args) == 2:
			if s, ok := c.joined(e); ok {
				return nil, s, true, true
			}
		}
		if sig, ok := fn.Type().(*types.Signature); ok && sig.Recv() != nil && path == "encoding/base64" && name == "EncodeToString" && len(e.Args) == 1 {
			return e.Args[0], src{}, false, false
		}
		// Any other call: what the value-flow layer knows of its result
		// (a helper returning a request body or a file's text, in this
		// package or another, a request form value).
		if s, ok := c.flowSource(e); ok {
			return nil, s, true, true
		}
		if v := c.flowMarshalled(e); v != nil {
			return nil, src{what: "a parameter", param: v, marshalled: true}, true, true
		}
	}
	return nil, src{}, false, true
}

// storedAgain reports whether the list x is decoded from the very
// property being filled (c.prop) of entities read from a table, and not
// grown since (flow.StoredList): written back, it is no longer than the
// text the service already stored.
func (c *checker) storedAgain(x ast.Expr) bool {
	if c.prop == "" {
		return false
	}
	v, ok := c.fl.ExprValue(x)
	if !ok {
		return false
	}
	prop, ok := c.fl.StoredList(v)
	return ok && prop == c.prop
}

// marshalledParam returns the parameter of the function being checked
// that x (or &x) is, when its JSON document is the callers' to size: a
// struct, a pointer to one or a type parameter, holding no slice or map
// (a document of any size already).
func (c *checker) marshalledParam(x ast.Expr) *types.Var {
	x = ast.Unparen(x)
	if u, ok := x.(*ast.UnaryExpr); ok && u.Op == token.AND {
		x = u.X
	}
	v := c.callerParam(x)
	if v == nil {
		return nil
	}
	t := v.Type()
	if p, ok := t.Underlying().(*types.Pointer); ok {
		t = p.Elem()
	}
	_, isParam := types.Unalias(t).(*types.TypeParam)
	_, isStruct := t.Underlying().(*types.Struct)
	if !isParam && (!isStruct || flow.Growable(t)) {
		return nil
	}
	return v
}

// flowMarshalled returns the parameter of the function being checked
// whose JSON document the result of call is, as the value-flow layer
// follows it (a helper that seals or encodes the bytes json.Marshal made
// of it: flow.Hole.Marshalled).
func (c *checker) flowMarshalled(call *ast.CallExpr) *types.Var {
	in := c.fl.Call(call)
	if in == nil || in.Value() == nil || c.fn == nil {
		return nil
	}
	fn := in.Parent()
	if fn.Object() == nil || fn.Object() != types.Object(c.fn) {
		return nil
	}
	v := c.fl.OfLocal(in.Value())
	hs := v.Holes()
	if len(hs) != 1 || !hs[0].Marshalled || hs[0].Source != flow.Param || hs[0].Field != "" || hs[0].Bound&flow.LengthChecked != 0 || hs[0].Param < 0 || hs[0].Param >= len(fn.Params) {
		return nil
	}
	p, _ := fn.Params[hs[0].Param].Object().(*types.Var)
	if p == nil {
		return nil
	}
	if _, ok := c.paramIndex(p); !ok {
		return nil
	}
	return p
}

// marshalledArg checks the document json.Marshal makes of what a caller
// passes to a callee that puts it into a property (Fill.Marshalled): a
// struct holding a request's text, a body read whole or a slice is
// unbounded; the caller's own parameter passes the fill on.
func (c *checker) marshalledArg(s site, f Fill, arg ast.Expr) {
	if v := c.callerParam(arg); v != nil {
		c.forward(v, f, arg)
		return
	}
	in := c.fl.Call(s.call)
	if in == nil {
		return
	}
	doc, ok := c.fl.ArgMarshalled(in, c.flowParam(s, f))
	if !ok {
		return
	}
	if src, ok := c.holeSource(doc); ok && !src.checked {
		c.sized(f.Property, f.Binary, !f.Binary, arg, src)
	}
}

// dynamic reports whether t is an interface type (not a type parameter,
// whose instances are the caller's known types).
func dynamic(t types.Type) bool {
	if _, ok := types.Unalias(t).(*types.TypeParam); ok {
		return false
	}
	return types.IsInterface(t)
}

// growableCase reports whether e, an interface variable, is marshalled
// inside a case of a type switch on it (switch v.(type)) whose types
// are all slices or maps: the value is one, of any size.
func (c *checker) growableCase(e ast.Expr) bool {
	v := c.idx.VarOf(e)
	if v == nil || c.body == nil {
		return false
	}
	found := false
	ast.Inspect(c.body, func(n ast.Node) bool {
		if found || n == nil || n.Pos() > e.Pos() || n.End() < e.End() {
			return !found && n != nil && n.Pos() <= e.Pos() && e.End() <= n.End()
		}
		ts, ok := n.(*ast.TypeSwitchStmt)
		if !ok {
			return true
		}
		es, ok := ts.Assign.(*ast.ExprStmt)
		if !ok {
			return true // switch x := v.(type): x has the case's type
		}
		ta, ok := ast.Unparen(es.X).(*ast.TypeAssertExpr)
		if !ok || c.idx.VarOf(ta.X) != v {
			return true
		}
		for _, st := range ts.Body.List {
			cc, ok := st.(*ast.CaseClause)
			if !ok || len(cc.List) == 0 || e.Pos() < cc.Colon || e.End() > cc.End() {
				continue
			}
			all := true
			for _, t := range cc.List {
				if !flow.Growable(c.pass.TypesInfo.TypeOf(t)) {
					all = false
				}
			}
			found = all
		}
		return true
	})
	return found
}

// fromParam reports whether e is a parameter of the function being
// checked or a field of one (n.Payload): an interface value there holds
// whatever the caller passed, of any size.
func (c *checker) fromParam(e ast.Expr) bool {
	for depth := 0; depth < writes.MaxDepth; depth++ {
		switch x := ast.Unparen(e).(type) {
		case *ast.SelectorExpr:
			if sel, ok := c.pass.TypesInfo.Selections[x]; !ok || sel.Kind() != types.FieldVal {
				return false
			}
			e = x.X
		case *ast.StarExpr:
			e = x.X
		case *ast.Ident:
			v := c.idx.VarOf(x)
			if v == nil {
				return false
			}
			_, ok := c.paramIndex(v)
			return ok
		default:
			return false
		}
	}
	return false
}

// flowSource asks the flow layer about the result of call: unbounded
// when it is a request body or form value, a file or stream read whole,
// or a marshalled document, with no length check or limit on the way.
func (c *checker) flowSource(call *ast.CallExpr) (src, bool) {
	return c.flowResult(call, 0)
}

// flowResult is flowSource for the index-th result of call.
func (c *checker) flowResult(call *ast.CallExpr, index int) (src, bool) {
	in := c.fl.Call(call)
	if in == nil || in.Value() == nil {
		return src{}, false
	}
	res := ssa.Value(in.Value())
	if index > 0 {
		res = nil
		for _, ref := range *in.Value().Referrers() {
			if ex, ok := ref.(*ssa.Extract); ok && ex.Index == index {
				res = ex
			}
		}
		if res == nil {
			return src{}, false
		}
	}
	s, ok := c.holeSource(c.fl.OfLocal(res))
	if !ok || s.bound != -1 {
		return s, ok
	}
	if fn := sdk.Callee(c.pass.TypesInfo, call); fn != nil && fn.Pkg() != nil && fn.Pkg().Path() != "net/url" && fn.Pkg().Path() != "net/http" {
		s.what += " (from " + fn.Name() + ")"
	}
	return s, true
}

// flowExpr asks the flow layer about the expression e where it is
// written, as flowSource asks about a call's result.
func (c *checker) flowExpr(e ast.Expr) (src, bool) {
	v, ok := c.fl.ExprOf(e)
	if !ok {
		return src{}, false
	}
	return c.holeSource(v)
}

// holeSource says whether a flow value holds an unbounded source: a
// request form value, or what flow.SizeOf finds unbounded (a request
// body, a file or stream read whole, a marshalled document, a text
// repeated by a count with no limit); with a length check or a limit on
// the way, bounded by the code's own limit (flow.Hole.Max), or by one
// it does not know.
func (c *checker) holeSource(v flow.Value) (src, bool) {
	for _, h := range v.Holes() {
		if h.Source == flow.Request && (h.What == "r.FormValue" || h.What == "r.PostFormValue" || h.What == "r.PostForm.Get" || h.What == "r.Form.Get") {
			if h.Bound&flow.LengthChecked != 0 {
				return src{what: "a request form value", bound: boundedUnknown, checked: true}, true
			}
			return src{what: "a request form value", bound: -1}, true
		}
	}
	size := flow.SizeOf(v)
	if size.Unbounded {
		return src{what: size.What, bound: -1}, true
	}
	for _, h := range v.Holes() {
		if h.Source != flow.Body && (h.Source != flow.Request || h.What != "r.Body") {
			continue
		}
		what := h.What
		if h.Source == flow.Request {
			what = "a request body"
		}
		if size.Bounded && h.Max > 0 {
			return src{what: what, bound: size.Max}, true
		}
		return src{what: what, bound: boundedUnknown, checked: true}, true
	}
	return src{}, false
}

// joined follows the list that strings.Join(list, sep) joins: a
// parameter of the function being checked (or a field of one), whose
// callers' lists decide the size (Fill.Joined), or a list decoded from
// the request (json.NewDecoder(r.Body).Decode(&req); req.Tags): as long
// as the client makes it.
func (c *checker) joined(call *ast.CallExpr) (src, bool) {
	list := ast.Unparen(call.Args[0])
	if _, ok := c.pass.TypesInfo.TypeOf(list).Underlying().(*types.Slice); !ok {
		return src{}, false
	}
	switch x := list.(type) {
	case *ast.Ident:
		if v := c.idx.VarOf(x); v != nil {
			if _, ok := c.paramIndex(v); ok {
				return src{what: "a parameter", param: v, joined: true}, true
			}
		}
	case *ast.SelectorExpr:
		if v, field := c.paramField(x); v != nil {
			return src{what: "a parameter", param: v, field: field, joined: true}, true
		}
	}
	in := c.fl.Call(call)
	if in == nil {
		return src{}, false
	}
	args := flow.CallArgs(in.Common())
	if len(args) == 0 {
		return src{}, false
	}
	if what, ok := requestList(c.fl.OfLocal(args[0])); ok {
		return src{what: what, bound: -1}, true
	}
	return src{}, false
}

// requestList names a list (the value of a slice) that is request input
// with no length check: "a request list (body.Tags) joined".
func requestList(v flow.Value) (string, bool) {
	for _, h := range v.Holes() {
		if h.Source == flow.Request && h.Bound&flow.LengthChecked == 0 {
			return "a request list (" + finding.Clip(h.What) + ") joined", true
		}
	}
	return "", false
}

// decodedLimit returns the bound of the reader that the variable x (or
// the variable whose field x is) was JSON-decoded from, in the function
// being checked: json.NewDecoder(r).Decode(&v) with r limited by
// io.LimitReader or http.MaxBytesReader (see limited). What is marshalled
// again from such a value is about as long as what was read.
func (c *checker) decodedLimit(x ast.Expr) (int64, bool) {
	root := c.rootIdent(x)
	if root == nil || c.body == nil {
		return 0, false
	}
	v := c.idx.VarOf(root)
	if v == nil {
		return 0, false
	}
	info := c.pass.TypesInfo
	var n int64
	found := false
	ast.Inspect(c.body, func(node ast.Node) bool {
		call, ok := node.(*ast.CallExpr)
		if found || !ok || len(call.Args) != 1 {
			return !found
		}
		sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
		if !ok || sel.Sel.Name != "Decode" {
			return true
		}
		u, ok := ast.Unparen(call.Args[0]).(*ast.UnaryExpr)
		if !ok || u.Op != token.AND || c.idx.VarOf(ast.Unparen(u.X)) != v {
			return true
		}
		dec, ok := c.idx.Resolve(sel.X).(*ast.CallExpr)
		if !ok || !sdk.IsFunc(info, dec, "encoding/json", "NewDecoder") || len(dec.Args) != 1 {
			return true
		}
		n, found = c.limited(dec.Args[0])
		return !found
	})
	return n, found
}

// boundedUnknown is the bound of a limit that is not a constant: the
// code limits the size, which is taken to be enough.
const boundedUnknown = -2

// limited returns the bound of a reader wrapped by io.LimitReader or
// http.MaxBytesReader (directly, through a variable, or r.Body replaced
// by one in this function).
func (c *checker) limited(r ast.Expr) (int64, bool) {
	if n, ok := c.limitCall(c.idx.Resolve(r)); ok {
		return n, true
	}
	want := types.ExprString(ast.Unparen(r))
	var n int64
	found := false
	ast.Inspect(c.body, func(node ast.Node) bool {
		as, ok := node.(*ast.AssignStmt)
		if !ok || len(as.Lhs) != len(as.Rhs) {
			return !found
		}
		for i, l := range as.Lhs {
			if types.ExprString(l) == want {
				if b, ok := c.limitCall(as.Rhs[i]); ok {
					n, found = b, true
				}
			}
		}
		return !found
	})
	return n, found
}

func (c *checker) limitCall(e ast.Expr) (int64, bool) {
	call, ok := ast.Unparen(e).(*ast.CallExpr)
	if !ok {
		return 0, false
	}
	var arg ast.Expr
	switch {
	case sdk.IsFunc(c.pass.TypesInfo, call, "io", "LimitReader") && len(call.Args) == 2:
		arg = call.Args[1]
	case sdk.IsFunc(c.pass.TypesInfo, call, "net/http", "MaxBytesReader") && len(call.Args) == 3:
		arg = call.Args[2]
	default:
		return 0, false
	}
	tv, ok := c.pass.TypesInfo.Types[arg]
	if !ok || tv.Value == nil || tv.Value.Kind() != constant.Int {
		return boundedUnknown, true
	}
	n, _ := constant.Int64Val(tv.Value)
	return n, true
}

// lengthChecked reports whether the function compares the length of any
// of exprs (len, utf8.RuneCount, utf8.RuneCountInString).
func (c *checker) lengthChecked(exprs []ast.Expr) bool {
	want := map[string]bool{}
	for _, e := range exprs {
		want[types.ExprString(e)] = true
	}
	found := false
	ast.Inspect(c.body, func(n ast.Node) bool {
		be, ok := n.(*ast.BinaryExpr)
		if found || !ok {
			return !found
		}
		switch be.Op {
		case token.LSS, token.LEQ, token.GTR, token.GEQ, token.EQL, token.NEQ:
		default:
			return true
		}
		for _, side := range []ast.Expr{be.X, be.Y} {
			call, ok := ast.Unparen(side).(*ast.CallExpr)
			if !ok || len(call.Args) != 1 {
				continue
			}
			isLen := false
			if id, ok := ast.Unparen(call.Fun).(*ast.Ident); ok && id.Name == "len" {
				isLen = true
			}
			if sdk.IsFunc(c.pass.TypesInfo, call, "unicode/utf8", "RuneCountInString") || sdk.IsFunc(c.pass.TypesInfo, call, "unicode/utf8", "RuneCount") {
				isLen = true
			}
			if isLen && want[types.ExprString(ast.Unparen(call.Args[0]))] {
				found = true
			}
		}
		return !found
	})
	return found
}
