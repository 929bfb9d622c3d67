package properties

import (
	"fmt"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"math"
	"slices"
	"strings"
	"time"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/tablelint/tablelint/analyzers/internal/diag"
	"github.com/tablelint/tablelint/analyzers/internal/flow"
	"github.com/tablelint/tablelint/analyzers/internal/sdk"
	"github.com/tablelint/tablelint/analyzers/internal/writes"
	"github.com/tablelint/tablelint/internal/finding"
)

// edmDateTime is the annotation that makes a property a DateTime.
const edmDateTime = "Edm.DateTime"

// The DateTime range of the service: "The supported DateTime range
// begins from 12:00 midnight, January 1, 1601 A.D. (C.E.), UTC. The range
// ends at December 31, 9999."
const (
	firstYear = 1601
	lastYear  = 9999
)

// number checks an integer property value sent as a bare JSON number:
// TL125 beyond Int32, with its own message beyond 2^53 (where the value
// also loses precision). The two ranges do not overlap.
func (c *checker) number(name string, v ast.Expr) { c.numberFixed(name, v, "") }

// numberFixed is number for a value that converting to typ (an
// expression of the file, "aztables.EDMInt64" or "int64") sends as an
// Edm.Int64: the findings suggest that conversion.
func (c *checker) numberFixed(name string, v ast.Expr, typ string) {
	c.bigInt(name, v, typ)
	c.beyondInt32(name, v, typ)
}

// wideInteger reports whether v is an integer of a type that can exceed
// Int32 and that encoding/json writes as a bare number (not EDMInt64,
// whose MarshalText makes it a string).
func (c *checker) wideInteger(v ast.Expr) bool {
	t := c.pass.TypesInfo.TypeOf(v)
	if t == nil || writes.OwnEncoding(t) {
		return false
	}
	b, ok := t.Underlying().(*types.Basic)
	if !ok || b.Info()&types.IsInteger == 0 {
		return false
	}
	switch b.Kind() {
	case types.Int, types.Int64, types.Uint, types.Uint32, types.Uint64, types.Uintptr, types.UntypedInt:
		return true
	}
	return false // 32 bits or less, signed, or 16 bits or less: always an Int32
}

// beyondInt32 reports (TL125) an integer outside the Int32 range, and
// within ±2^53, sent as a bare JSON number: a constant, t.UnixMilli() or
// t.UnixMicro().
func (c *checker) beyondInt32(name string, v ast.Expr, typ string) {
	c.integer("TL125", name, v, c.int32Overflow, " beyond Int32 without Edm.Int64: stored as a Double", typ)
}

// integer reports rule id for an integer property value v that describe
// finds out of its range: "property name gets <what><tail>". With typ,
// the finding suggests the conversion typ(v).
func (c *checker) integer(id, name string, v ast.Expr, describe func(ast.Expr) string, tail, typ string) {
	if c.seen[v.Pos()] || !c.wideInteger(v) {
		return
	}
	what := describe(v)
	if what == "" {
		return
	}
	c.seen[v.Pos()] = true
	d := diag.Diagnostic(id, v.Pos(), v.End(), "%s", diag.Fit(
		fmt.Sprintf("property %s gets %s%s", finding.Clip(name), finding.Clip(what), tail),
		fmt.Sprintf("property %s gets an integer%s", finding.Clip(name), tail)))
	if typ != "" {
		d.SuggestedFixes = []analysis.SuggestedFix{{
			Message: "send it as Edm.Int64: " + typ + "(…)",
			TextEdits: []analysis.TextEdit{
				{Pos: v.Pos(), End: v.Pos(), NewText: []byte(typ + "(")},
				{Pos: v.End(), End: v.End(), NewText: []byte(")")},
			},
		}}
	}
	diag.ReportDiagnostic(c.pass, d)
}

// edmInt64 returns the name of aztables.EDMInt64 in the file of pos
// ("aztables.EDMInt64"), or "" when the file does not import aztables
// under a usable name.
func (c *checker) edmInt64(pos token.Pos) string {
	file := c.x.Writes.FileOf(pos)
	if file == nil {
		return ""
	}
	name, add, ok := writes.ImportName(file, sdk.AztablesPath, "aztables")
	if !ok || len(add) > 0 {
		return ""
	}
	return name + ".EDMInt64"
}

// int32Overflow describes v when it is provably outside the Int32 range
// and within ±2^53, else "".
func (c *checker) int32Overflow(v ast.Expr) string {
	info := c.pass.TypesInfo
	if tv, ok := info.Types[v]; ok && tv.Value != nil {
		n := constant.ToInt(tv.Value)
		if n.Kind() != constant.Int {
			return ""
		}
		abs := n
		if constant.Sign(n) < 0 {
			abs = constant.UnaryOp(token.SUB, n, 0)
		}
		out := constant.Compare(n, token.GTR, constant.MakeInt64(math.MaxInt32)) ||
			constant.Compare(n, token.LSS, constant.MakeInt64(math.MinInt32))
		if out && !constant.Compare(abs, token.GTR, constant.MakeUint64(maxExact)) {
			return tv.Value.ExactString()
		}
		return ""
	}
	e := c.unOffset(v)
	for _, m := range []string{"UnixMilli", "UnixMicro"} {
		if isTimeMethod(info, e, m) {
			return "a " + m + "() time"
		}
	}
	return c.constantOrTime(v, "UnixMilli", "UnixMicro")
}

// maxOffset bounds the constant offset unOffset takes off a time's
// number: 2^30, twelve days in milliseconds, keeps a UnixMilli() time of
// any day since 1970-02 beyond Int32 and a UnixNano() time beyond 2^53.
const maxOffset = 1 << 30

// unOffset returns v, followed to its one definition, without constant
// offsets of at most maxOffset added or subtracted (ts + 1, 3600000 +
// ts, t.UnixNano() - 500): such a sum is as far beyond Int32 or 2^53 as
// the time's number it moves.
func (c *checker) unOffset(v ast.Expr) ast.Expr {
	info := c.pass.TypesInfo
	small := func(x ast.Expr) bool {
		tv, ok := info.Types[x]
		if !ok || tv.Value == nil {
			return false
		}
		n := constant.ToInt(tv.Value)
		return n.Kind() == constant.Int && constant.Compare(n, token.LEQ, constant.MakeInt64(maxOffset)) &&
			constant.Compare(n, token.GEQ, constant.MakeInt64(-maxOffset))
	}
	e := c.x.Vars.Resolve(v)
	for range writes.MaxDepth {
		be, ok := ast.Unparen(e).(*ast.BinaryExpr)
		if !ok || be.Op != token.ADD && be.Op != token.SUB {
			return e
		}
		switch {
		case small(be.Y):
			e = c.x.Vars.Resolve(be.X)
		case be.Op == token.ADD && small(be.X):
			e = c.x.Vars.Resolve(be.Y)
		default:
			return e
		}
	}
	return e
}

// constantOrTime describes v when it is a variable that holds constants
// on some paths and, on the others, a call t.m() of a time.Time for one
// of methods ("0 or a UnixNano() time"): whenever it is not one of the
// constants it is that time. A path that holds a run-time value (a
// parameter, a count) leaves it "" (unknown).
func (c *checker) constantOrTime(v ast.Expr, methods ...string) string {
	vals, ok := c.fl.Choices(v)
	if !ok || len(vals) < 2 {
		return ""
	}
	var consts []string
	method := ""
	for _, val := range vals {
		if k, ok := val.(*ssa.Const); ok && k.Value != nil {
			if text := k.Value.ExactString(); !slices.Contains(consts, text) {
				consts = append(consts, text)
			}
			continue
		}
		call, ok := val.(*ssa.Call)
		if !ok {
			return ""
		}
		callee := call.Call.StaticCallee()
		if callee == nil || callee.Signature.Recv() == nil || !sdk.IsType(callee.Signature.Recv().Type(), "time", "Time") || !slices.Contains(methods, callee.Name()) {
			return ""
		}
		if method != "" && method != callee.Name() {
			return ""
		}
		method = callee.Name()
	}
	if method == "" || len(consts) == 0 {
		return ""
	}
	return strings.Join(consts, " or ") + " or a " + method + "() time"
}

// isTimeMethod reports whether e is a call t.name() of a time.Time.
func isTimeMethod(info *types.Info, e ast.Expr, name string) bool {
	call, ok := ast.Unparen(e).(*ast.CallExpr)
	if !ok || len(call.Args) != 0 {
		return false
	}
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	return ok && sel.Sel.Name == name && sdk.IsType(info.TypeOf(sel.X), "time", "Time")
}

// isTime reports whether t is time.Time or aztables.EDMDateTime (or a
// pointer to one).
func isTime(t types.Type) bool {
	return sdk.IsType(t, "time", "Time") || sdk.IsAztablesType(t, "EDMDateTime")
}

// date reports (TL124) a DateTime property whose value is provably
// outside the service's range.
func (c *checker) date(name string, v ast.Expr) {
	if c.seen[v.Pos()] {
		return
	}
	what := c.outOfRange(v)
	if what == "" {
		return
	}
	c.seen[v.Pos()] = true
	c.reportDate(v, name, what)
}

// reportDate reports property name at at, a DateTime of what (a short
// description; what it quotes of the code is clipped already).
func (c *checker) reportDate(at ast.Node, name, what string) {
	diag.Report(c.pass, "TL124", at, "%s", diag.Fit(
		fmt.Sprintf("property %s is an Edm.DateTime of %s, outside the range 1601-9999", finding.Clip(name), what),
		diag.Fit(fmt.Sprintf("property %s is an Edm.DateTime of %s", finding.Clip(name), what),
			fmt.Sprintf("property %s is an Edm.DateTime outside the service's range 1601-9999", finding.Clip(name)))))
}

// outOfRange describes v when it is a time provably before 1601 or after
// 9999: the zero time.Time (time.Time{}, EDMDateTime{}, a variable
// declared and never assigned), time.Date with a constant year out of
// range, or a constant RFC 3339 string; else "".
func (c *checker) outOfRange(v ast.Expr) string { return c.outOfRangeAt(v, true) }

// outOfRangeAt is outOfRange; with callers, a parameter (or a field of
// one) is also what the package's calls give it (zeroFromCallers).
func (c *checker) outOfRangeAt(v ast.Expr, callers bool) string {
	info := c.pass.TypesInfo
	e := v
	for range writes.MaxDepth {
		e = c.x.Vars.Resolve(e)
		call, ok := e.(*ast.CallExpr)
		if !ok || len(call.Args) != 1 {
			break
		}
		if tv, ok := info.Types[call.Fun]; ok && tv.IsType() && isTime(tv.Type) {
			e = call.Args[0] // aztables.EDMDateTime(t), time.Time(d)
			continue
		}
		break
	}
	e = ast.Unparen(e)
	if tv, ok := info.Types[e]; ok && tv.Value != nil && tv.Value.Kind() == constant.String {
		s := constant.StringVal(tv.Value)
		if t, err := time.Parse(time.RFC3339Nano, s); err == nil && (t.Year() < firstYear || t.Year() > lastYear) {
			return finding.Clip(fmt.Sprintf("%q", s))
		}
		return ""
	}
	switch e := e.(type) {
	case *ast.CompositeLit:
		if len(e.Elts) == 0 && isTime(info.TypeOf(e)) {
			return "zero time 0001-01-01"
		}
	case *ast.CallExpr:
		if sdk.IsFunc(info, e, "time", "Date") && len(e.Args) == 8 {
			if tv, ok := info.Types[e.Args[0]]; ok && tv.Value != nil {
				if y := constant.ToInt(tv.Value); y.Kind() == constant.Int && (constant.Compare(y, token.LSS, constant.MakeInt64(firstYear)) || constant.Compare(y, token.GTR, constant.MakeInt64(lastYear))) {
					return "year " + finding.Clip(y.ExactString())
				}
			}
		}
	case *ast.Ident:
		v := c.x.Vars.VarOf(e)
		if v == nil || !isTime(v.Type()) || writes.IsPackageVar(v) {
			return ""
		}
		if c.fl.ZeroAt(e) {
			return finding.Clip(v.Name()) + ", still zero"
		}
		if callers {
			return c.zeroFromCallers(e)
		}
	case *ast.SelectorExpr:
		if callers {
			return c.zeroFromCallers(e)
		}
	}
	return ""
}

// edmEntity checks the Properties of an aztables.EDMEntity literal: its
// MarshalJSON annotates EDMDateTime values as Edm.DateTime, EDMInt64 as
// Edm.Int64, and sends other integers as bare numbers.
func (c *checker) edmEntity(lit *ast.CompositeLit) {
	if props := sdk.Field(c.pass.TypesInfo, lit, "Properties"); props != nil {
		c.entries(props, c.edmProperty)
		c.assignedEntries(lit, props, c.edmProperty)
		c.callerEntries(props, c.edmProperty)
	}
}

// legacyEntity checks the Properties of a legacy storage.Entity
// literal, entry by entry as its MarshalJSON sends them.
func (c *checker) legacyEntity(lit *ast.CompositeLit) {
	if props := sdk.Field(c.pass.TypesInfo, lit, "Properties"); props != nil {
		c.entries(props, c.legacyProperty)
		c.assignedEntries(lit, props, c.legacyProperty)
		c.callerEntries(props, c.legacyProperty)
	}
}

// assignedEntries calls check for each constant-key entry assigned
// (props["k"] = v) to the map the local variable v holds, declared in
// the function of the write or in the helper or method of the entity's
// type that returns the entity (lit is in it): flow's MapEntries, the
// closures that fill the map included.
func (c *checker) assignedEntries(lit *ast.CompositeLit, v ast.Expr, check func(name string, v ast.Expr)) {
	id, ok := ast.Unparen(v).(*ast.Ident)
	if !ok {
		return
	}
	obj, ok := c.pass.TypesInfo.Uses[id].(*types.Var)
	if !ok || obj.Parent() == nil || obj.Parent() == obj.Pkg().Scope() {
		return // not a local variable
	}
	body := c.bodyAt(lit.Pos())
	if body == nil || obj.Pos() < body.Pos() || obj.Pos() >= body.End() {
		return
	}
	c.assignedOf(v, check)
}

// assignedOf calls check for each constant-key entry assigned to the map
// the expression v holds (v["k"] = x): flow's MapEntries, the closures
// that fill the map included.
func (c *checker) assignedOf(v ast.Expr, check func(name string, v ast.Expr)) {
	m, ok := c.fl.ExprValue(v)
	if !ok {
		return
	}
	for _, e := range c.fl.MapEntries(m) {
		if e.Assigned {
			check(e.Key, e.Value)
		}
	}
}

// bodyAt returns the body of the function declaration holding pos.
func (c *checker) bodyAt(pos token.Pos) *ast.BlockStmt {
	if fd := c.funcAt(pos); fd != nil && fd.Body.Pos() <= pos && pos < fd.Body.End() {
		return fd.Body
	}
	return nil
}

// entries calls check for each constant-key entry of the map literal v
// is (or of the variable assigned one once).
//
// When v is the result of a function of the package (props :=
// toProps(x)), the maps it returns are followed: the literals, and the
// entries it assigns to the variable it returns.
func (c *checker) entries(v ast.Expr, check func(name string, v ast.Expr)) {
	c.entriesAt(v, check, 0)
}

func (c *checker) entriesAt(v ast.Expr, check func(name string, v ast.Expr), depth int) {
	e := c.x.Vars.Resolve(v)
	if call, ok := e.(*ast.CallExpr); ok {
		fn := sdk.Callee(c.pass.TypesInfo, call)
		if fn == nil || depth >= flow.MaxCallerDepth {
			return
		}
		decl := c.x.Vars.FuncDecl(fn)
		if decl == nil || decl.Body == nil {
			return
		}
		rets, _ := c.x.Vars.Returns(fn, 0)
		for _, r := range rets {
			if r == nil {
				continue
			}
			c.entriesAt(r, check, depth+1)
			if rv := c.x.Vars.VarOf(r); rv != nil && !writes.IsPackageVar(rv) && writes.IsStringMap(rv.Type()) {
				c.assignedOf(r, check)
			}
		}
		return
	}
	m, ok := e.(*ast.CompositeLit)
	if !ok || !writes.IsStringMap(c.pass.TypesInfo.TypeOf(m)) {
		return
	}
	for _, el := range m.Elts {
		if kv, ok := el.(*ast.KeyValueExpr); ok {
			if name, ok := c.x.Writes.ConstString(kv.Key); ok {
				check(name, kv.Value)
			}
		}
	}
}

// edmProperty checks one entry of an EDMEntity's Properties.
func (c *checker) edmProperty(name string, v ast.Expr) {
	if strings.Contains(name, "@odata.") {
		return
	}
	if name == writes.Timestamp {
		c.timestamp(v) // sent as a property the service ignores
		return
	}
	t := c.pass.TypesInfo.TypeOf(v)
	switch {
	case sdk.IsAztablesType(t, "EDMDateTime") || isTime(t) && c.annotated[name] == edmDateTime:
		c.date(name, v)
	case c.annotated[name] == "":
		// EDMEntity's MarshalJSON writes a map, slice or struct value
		// as the JSON object or array encoding/json makes of it.
		c.value(name, v)
		c.numberFixed(name, v, c.edmInt64(v.Pos()))
	}
}

// annotatedDate checks a map entity's entry that the function annotates
// as Edm.DateTime.
func (c *checker) annotatedDate(name string, v ast.Expr) {
	if c.annotated[name] != edmDateTime {
		return
	}
	t := c.pass.TypesInfo.TypeOf(v)
	if isTime(t) || t != nil && t.Underlying() == types.Typ[types.String] {
		c.date(name, v)
	}
}

// structDates checks a struct entity literal with a field named
// "Name@odata.type" set to "Edm.DateTime": the Name field, given in the
// literal or left out of it (its zero value 0001-01-01 is sent) when flow
// shows the field stays zero wherever the struct goes (flow.LitFieldZero).
func (c *checker) structDates(lit *ast.CompositeLit) {
	t := c.pass.TypesInfo.TypeOf(lit)
	fields := writes.JSONFields(t)
	byName := map[string]writes.JSONField{}
	for _, f := range fields {
		byName[f.Name] = f
	}
	keyed := len(lit.Elts) > 0
	for _, el := range lit.Elts {
		if _, ok := el.(*ast.KeyValueExpr); !ok {
			keyed = false
		}
	}
	if !keyed && len(lit.Elts) > 0 {
		return
	}
	for _, f := range fields {
		name, ok := strings.CutSuffix(f.Name, "@odata.type")
		if !ok {
			continue
		}
		val := litField(lit, f.Var)
		if val == nil {
			continue
		}
		if s, ok := c.x.Writes.ConstString(val); !ok || s != edmDateTime {
			continue
		}
		df, ok := byName[name]
		if !ok || !isTime(df.Var.Type()) {
			continue
		}
		if v := litField(lit, df.Var); v != nil {
			c.date(name, v)
			continue
		}
		if c.seen[lit.Pos()] {
			continue
		}
		if zero, ok := c.fl.LitFieldZero(lit, df.Var.Name()); !ok || !zero {
			continue
		}
		c.seen[lit.Pos()] = true
		c.reportDate(lit, name, finding.Clip(df.Var.Name())+" left unset (0001-01-01)")
	}
}

// litField returns the value a keyed struct literal gives field f
// (declared directly in its struct, or promoted), or nil.
func litField(lit *ast.CompositeLit, f *types.Var) ast.Expr {
	for _, el := range lit.Elts {
		kv, ok := el.(*ast.KeyValueExpr)
		if !ok {
			continue
		}
		if id, ok := kv.Key.(*ast.Ident); ok && id.Name == f.Name() {
			return kv.Value
		}
	}
	return nil
}

// legacyProperty checks one property of a legacy storage Entity: its
// MarshalJSON annotates a time.Time as Edm.DateTime and an int64 as
// Edm.Int64 (sent as a string), sends other integers bare and other
// values as encoding/json writes them (a slice or map: TL126).
func (c *checker) legacyProperty(name string, v ast.Expr) {
	if strings.Contains(name, "@odata.") {
		return
	}
	if name == writes.Timestamp {
		c.timestamp(v) // sent as a property the service ignores
		return
	}
	t := c.pass.TypesInfo.TypeOf(v)
	switch {
	case t == nil:
	case timeType(t) != nil:
		c.date(name, v)
	case types.Identical(t, types.Typ[types.Int64]):
		// Edm.Int64
	default:
		// Anything its MarshalJSON does not convert (a []byte is
		// Edm.Binary) goes to encoding/json as it is: a slice, a map or
		// a struct becomes a JSON array or object, as in an EDMEntity.
		c.value(name, v)
		typ := ""
		if b, ok := t.(*types.Basic); ok && b.Info()&types.IsInteger != 0 && c.pass.Pkg.Scope().Lookup("int64") == nil {
			typ = "int64" // an int64 is sent as Edm.Int64
		}
		c.numberFixed(name, v, typ)
	}
}

// timeType returns t when it is exactly time.Time (not a pointer or a
// type defined from it), else nil.
func timeType(t types.Type) types.Type {
	if n, ok := types.Unalias(t).(*types.Named); ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == "time" && n.Obj().Name() == "Time" {
		return t
	}
	return nil
}
