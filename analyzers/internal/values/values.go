// Package values reconstructs the string values Go code builds — filters,
// partition keys, row keys — as far as they can be known at compile time.
//
// A reconstructed Value is a sequence of Parts: constant text, and Holes
// for what is only known at run time. Holes remember where their value
// comes from (the expression, its Go type, the fmt verb or conversion
// function that formatted it, whether it was escaped for OData, the
// function parameter it is), so that analyzers can decide what it may
// contain.
//
// Understood: string constants, + concatenation, fmt.Sprintf / fmt.Sprint
// with a constant format (each verb becomes a Hole with its verb and the
// argument's type; %s/%v of a reconstructible string is inlined),
// strconv.Itoa / FormatInt / FormatUint / Quote, time.Time.Format,
// strings.ReplaceAll(s, "'", "\x27\x27") and odata.Quote (escaped holes),
// to.Ptr(x), &x and *p (taking a string's address is taken to be for
// passing it as a *string, not for writing through it), string(x) conversions, local and package
// variables with a single assignment, and calls of small helpers in the
// same package whose body is one return statement. Everything else is an
// opaque Hole.
package values

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"strconv"
	"strings"

	"github.com/tablelint/tablelint/analyzers/internal/sdk"
)

// MaxDepth bounds how deep reconstruction follows variables, helpers
// and nested calls.
const MaxDepth = 12

// Value is a reconstructed string value.
type Value struct {
	Parts []Part
}

// Part is constant Text, or a Hole when Hole is non-nil.
type Part struct {
	Text string
	Hole *Hole
}

// Hole is a piece of a value known only at run time.
type Hole struct {
	// Expr is the expression whose value fills the hole (the Sprintf
	// argument, the strconv.Itoa argument, the variable…). Never nil.
	Expr ast.Expr
	// Type is the Go type of the value before formatting (int for
	// strconv.Itoa(n), time.Time for t.Format(l)); nil if unknown.
	Type types.Type
	// Verb is the fmt verb that formatted it ("%d", "%06d", "%s"), or
	// the verb equivalent of the conversion function ("%d" for
	// strconv.Itoa); "" for an opaque string.
	Verb string
	// Func is the conversion that produced the text, as package.Name or
	// (pkg.Type).Method: "strconv.Itoa", "fmt.Sprint",
	// "(time.Time).Format", "odata.Quote", "strings.ReplaceAll"; "" if none.
	Func string
	// Layout is the constant layout of a time.Time.Format call.
	Layout string
	// Escaped reports that single quotes in the value were doubled
	// (odata.Quote, strings.ReplaceAll(s, "'", "''")) or cannot survive
	// (url.QueryEscape, url.PathEscape).
	Escaped bool
	// Use is the operand of the formatting expression this hole came
	// from — the fmt.Sprintf argument or the + operand as written, which
	// may be a variable whose value Expr is — when that operand supplies
	// exactly this hole; nil otherwise. Wrapping Use (for example in an
	// escaping call) changes only this use of the value.
	Use ast.Expr
	// Foreign marks a hole built inside another function (summarised by
	// a fact); it was checked where it was built.
	Foreign bool
	// Param is the parameter of the enclosing function the value comes
	// from, if the hole is exactly that parameter (or *it); nil otherwise.
	Param *types.Var
}

// IsConst reports whether v has no holes.
func (v Value) IsConst() bool {
	for _, p := range v.Parts {
		if p.Hole != nil {
			return false
		}
	}
	return true
}

// Holes returns v's holes in order.
func (v Value) Holes() []*Hole {
	var hs []*Hole
	for _, p := range v.Parts {
		if p.Hole != nil {
			hs = append(hs, p.Hole)
		}
	}
	return hs
}

// String returns v's text with each hole written as {?}; for messages.
func (v Value) String() string {
	var b strings.Builder
	for _, p := range v.Parts {
		if p.Hole != nil {
			b.WriteString("{?}")
		} else {
			b.WriteString(p.Text)
		}
	}
	return b.String()
}

func (v *Value) addText(s string) {
	if s == "" {
		return
	}
	if n := len(v.Parts); n > 0 && v.Parts[n-1].Hole == nil {
		v.Parts[n-1].Text += s
		return
	}
	v.Parts = append(v.Parts, Part{Text: s})
}

func (v *Value) addHole(h *Hole) { v.Parts = append(v.Parts, Part{Hole: h}) }

func (v *Value) append(w Value) {
	for _, p := range w.Parts {
		if p.Hole != nil {
			v.addHole(p.Hole)
		} else {
			v.addText(p.Text)
		}
	}
}

// CannotCarryQuote reports whether the hole's text can never contain a
// single quote: it was escaped, or it is an integer, boolean or float,
// a uuid.UUID, a time.Time formatted with a constant layout that has no
// quote, or a value formatted with a numeric verb.
func (h *Hole) CannotCarryQuote() bool {
	if h.Escaped {
		return true
	}
	if h.Layout != "" && isTime(h.Type) {
		return !strings.Contains(h.Layout, "'")
	}
	if h.Verb != "" {
		switch h.Verb[len(h.Verb)-1] {
		case 'd', 'b', 'o', 'O', 'x', 'X', 'e', 'E', 'f', 'F', 'g', 'G', 't', 'U':
			if h.Type != nil && isNumberOrBool(h.Type) {
				return true
			}
		}
	}
	if h.Type == nil {
		return false
	}
	if isNumberOrBool(h.Type) {
		// %q and %c of an integer print a character, which may be a quote.
		if h.Verb != "" {
			switch h.Verb[len(h.Verb)-1] {
			case 'q', 'c':
				return false
			}
		}
		return true
	}
	return sdk.IsType(h.Type, "github.com/google/uuid", "UUID") ||
		sdk.IsType(h.Type, "github.com/gofrs/uuid", "UUID") ||
		sdk.IsType(h.Type, "github.com/satori/go.uuid", "UUID")
}

// IsInteger reports whether the hole holds a formatted integer.
func (h *Hole) IsInteger() bool {
	if h.Type == nil {
		return false
	}
	b, ok := h.Type.Underlying().(*types.Basic)
	return ok && b.Info()&types.IsInteger != 0
}

func isNumberOrBool(t types.Type) bool {
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Info()&(types.IsInteger|types.IsFloat|types.IsBoolean) != 0
}

func isTime(t types.Type) bool { return t != nil && sdk.IsType(t, "time", "Time") }

// Resolver reconstructs values in one package. It reads the package's
// shared variable index (Vars) and keeps only the parameter bindings of
// the helper call it is following, so create one per analyzer pass (it
// is cheap) and do not share it between goroutines.
type Resolver struct {
	info *types.Info
	vars *Vars
	// env binds parameters to values while following a helper call.
	env map[*types.Var]Value
}

// NewResolver indexes the package's files (see NewVars) and returns a
// resolver over them. Analyzers that require the index analyzer use its
// shared Vars through NewResolverFor instead.
func NewResolver(info *types.Info, files []*ast.File) *Resolver {
	return NewResolverFor(NewVars(info, files, nil))
}

// NewResolverFor returns a resolver over an existing variable index.
func NewResolverFor(vars *Vars) *Resolver { return &Resolver{info: vars.Info, vars: vars} }

// Vars returns the variable index the resolver reads.
func (r *Resolver) Vars() *Vars { return r.vars }

func (r *Resolver) varOf(e ast.Expr) *types.Var { return r.vars.VarOf(e) }

// SingleAssignment returns the only expression ever assigned to v (see
// Vars.SingleAssignment).
func (r *Resolver) SingleAssignment(v *types.Var) ast.Expr { return r.vars.SingleAssignment(v) }

// FuncDecl returns the declaration of a function of this package.
func (r *Resolver) FuncDecl(fn *types.Func) *ast.FuncDecl { return r.vars.FuncDecl(fn) }

// Of reconstructs the string (or *string) value of e.
func (r *Resolver) Of(e ast.Expr) Value {
	return r.of(e, 0)
}

// OfWith reconstructs e with parameters bound to values (for following a
// call into a function: bind its parameters to the reconstructed
// arguments).
func (r *Resolver) OfWith(e ast.Expr, env map[*types.Var]Value) Value {
	old := r.env
	r.env = env
	defer func() { r.env = old }()
	return r.of(e, 0)
}

func (r *Resolver) opaque(e ast.Expr) Value {
	h := &Hole{Expr: e, Type: r.info.TypeOf(e)}
	if v := r.varOf(e); v != nil && r.IsParam(v) {
		h.Param = v
	}
	return Value{Parts: []Part{{Hole: h}}}
}

// IsParam reports whether v is a parameter of a function declared in
// this package that is never reassigned.
func (r *Resolver) IsParam(v *types.Var) bool { return r.vars.IsParam(v) }

func (r *Resolver) of(e ast.Expr, depth int) Value {
	if e == nil {
		return Value{}
	}
	if depth > MaxDepth {
		return r.opaque(e)
	}
	if tv, ok := r.info.Types[e]; ok && tv.Value != nil && tv.Value.Kind() == constant.String {
		return Value{Parts: []Part{{Text: constant.StringVal(tv.Value)}}}
	}
	switch e := e.(type) {
	case *ast.ParenExpr:
		return r.of(e.X, depth)
	case *ast.BinaryExpr:
		if e.Op == token.ADD && isString(r.info.TypeOf(e)) {
			v := r.operand(e.X, depth+1)
			v.append(r.operand(e.Y, depth+1))
			return v
		}
	case *ast.UnaryExpr:
		if e.Op == token.AND {
			if _, isLit := ast.Unparen(e.X).(*ast.CompositeLit); !isLit {
				return r.of(e.X, depth+1)
			}
		}
	case *ast.StarExpr:
		return r.of(e.X, depth+1)
	case *ast.Ident:
		v := r.varOf(e)
		if v == nil {
			break
		}
		if bound, ok := r.env[v]; ok {
			return bound
		}
		if d, ok := r.vars.Only(v); ok && d.Index < 0 {
			if d.Zero() {
				return Value{} // declared without a value: ""
			}
			return r.of(d.Rhs, depth+1)
		}
	case *ast.CallExpr:
		if v, ok := r.call(e, depth); ok {
			return v
		}
	}
	return r.opaque(e)
}

// operand reconstructs e, an operand of + or a Sprintf argument, and
// marks a lone hole as coming from this use.
func (r *Resolver) operand(e ast.Expr, depth int) Value {
	v := r.of(e, depth)
	if len(v.Parts) == 1 && v.Parts[0].Hole != nil && v.Parts[0].Hole.Use == nil {
		v.Parts[0].Hole.Use = e
	}
	return v
}

func isString(t types.Type) bool {
	if t == nil {
		return false
	}
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Info()&types.IsString != 0
}

func (r *Resolver) call(call *ast.CallExpr, depth int) (Value, bool) {
	// Conversions: string(x), MyString(x).
	if tv, ok := r.info.Types[call.Fun]; ok && tv.IsType() && len(call.Args) == 1 {
		if isString(tv.Type) && isString(r.info.TypeOf(call.Args[0])) {
			return r.of(call.Args[0], depth+1), true
		}
		return Value{}, false
	}
	fn := sdk.Callee(r.info, call)
	if fn == nil || fn.Pkg() == nil {
		return Value{}, false
	}
	sig, _ := fn.Type().(*types.Signature)
	path, name := fn.Pkg().Path(), fn.Name()
	hole := func(arg ast.Expr, verb, fname string) (Value, bool) {
		h := &Hole{Expr: arg, Type: r.info.TypeOf(arg), Verb: verb, Func: fname}
		if v := r.varOf(arg); v != nil && r.IsParam(v) {
			h.Param = v
		}
		return Value{Parts: []Part{{Hole: h}}}, true
	}
	if sig != nil && sig.Recv() == nil {
		switch {
		case sdk.IsPath(path, sdk.ToPath) && name == "Ptr" && len(call.Args) == 1:
			return r.of(call.Args[0], depth+1), true
		case path == "fmt" && name == "Sprintf" && len(call.Args) >= 1:
			return r.sprintf(call, depth)
		case path == "fmt" && name == "Sprint" && len(call.Args) == 1:
			if isString(r.info.TypeOf(call.Args[0])) {
				return r.of(call.Args[0], depth+1), true
			}
			return hole(call.Args[0], "%v", "fmt.Sprint")
		case path == "strconv" && (name == "Itoa" || name == "FormatInt" || name == "FormatUint") && len(call.Args) >= 1:
			verb := "%d"
			if len(call.Args) == 2 {
				if b, ok := r.intConst(call.Args[1]); !ok || b != 10 {
					verb = "%v"
				}
			}
			return hole(call.Args[0], verb, "strconv."+name)
		case path == "strconv" && name == "FormatBool" && len(call.Args) == 1:
			return hole(call.Args[0], "%t", "strconv.FormatBool")
		case path == "strconv" && name == "FormatFloat" && len(call.Args) >= 1:
			return hole(call.Args[0], "%g", "strconv.FormatFloat")
		case path == "strconv" && name == "Quote" && len(call.Args) == 1:
			return hole(call.Args[0], "%q", "strconv.Quote")
		case path == "strings" && name == "ReplaceAll" && len(call.Args) == 3,
			path == "strings" && name == "Replace" && len(call.Args) == 4:
			old, ok1 := r.stringConst(call.Args[1])
			nw, ok2 := r.stringConst(call.Args[2])
			if ok1 && ok2 && old == "'" && nw == "''" {
				v, _ := hole(call.Args[0], "", "strings."+name)
				v.Parts[0].Hole.Escaped = true
				return v, true
			}
		case path == "net/url" && (name == "QueryEscape" || name == "PathEscape") && len(call.Args) == 1:
			v, _ := hole(call.Args[0], "", "url."+name)
			v.Parts[0].Hole.Escaped = true
			return v, true
		case sdk.IsPath(path, sdk.TablelintODataPath) && name == "Quote" && len(call.Args) == 1:
			v := Value{Parts: []Part{{Text: "'"}}}
			inner, _ := hole(call.Args[0], "", "odata.Quote")
			inner.Parts[0].Hole.Escaped = true
			if a := r.of(call.Args[0], depth+1); a.IsConst() {
				inner = Value{Parts: []Part{{Text: strings.ReplaceAll(a.String(), "'", "''")}}}
			}
			v.append(inner)
			v.addText("'")
			return v, true
		case path == "strings" && (name == "ToLower" || name == "ToUpper" || name == "TrimSpace") && len(call.Args) == 1:
			// Case and space changes keep any quote a value holds.
			a := r.of(call.Args[0], depth+1)
			if a.IsConst() {
				break
			}
			return a, true
		}
		// A small helper of this package: func f(…) string { return E }.
		if decl := r.vars.FuncDecl(fn); decl != nil && decl.Body != nil && len(decl.Body.List) == 1 && sig.Results().Len() == 1 {
			ret, ok := decl.Body.List[0].(*ast.ReturnStmt)
			if ok && len(ret.Results) == 1 && len(call.Args) == sig.Params().Len() && !sig.Variadic() {
				env := map[*types.Var]Value{}
				for k, v := range r.env {
					env[k] = v
				}
				for i := 0; i < sig.Params().Len(); i++ {
					env[sig.Params().At(i)] = r.operand(call.Args[i], depth+1)
				}
				old := r.env
				r.env = env
				v := r.of(ret.Results[0], depth+1)
				r.env = old
				return v, true
			}
		}
		return Value{}, false
	}
	// Methods.
	if sig != nil && sig.Recv() != nil {
		sel, ok := call.Fun.(*ast.SelectorExpr)
		if !ok {
			return Value{}, false
		}
		recvT := r.info.TypeOf(sel.X)
		switch {
		case path == "time" && name == "Format" && len(call.Args) == 1 && isTime(recvT):
			if l, ok := r.stringConst(call.Args[0]); ok {
				v, _ := hole(sel.X, "", "(time.Time).Format")
				v.Parts[0].Hole.Layout = l
				return v, true
			}
			return hole(sel.X, "", "(time.Time).Format")
		case name == "String" && len(call.Args) == 0 && recvT != nil:
			if sdk.IsType(recvT, "github.com/google/uuid", "UUID") || sdk.IsType(recvT, "github.com/gofrs/uuid", "UUID") {
				return hole(sel.X, "%s", "(uuid.UUID).String")
			}
		}
	}
	return Value{}, false
}

func (r *Resolver) stringConst(e ast.Expr) (string, bool) {
	if tv, ok := r.info.Types[e]; ok && tv.Value != nil && tv.Value.Kind() == constant.String {
		return constant.StringVal(tv.Value), true
	}
	return "", false
}

func (r *Resolver) intConst(e ast.Expr) (int64, bool) {
	if tv, ok := r.info.Types[e]; ok && tv.Value != nil {
		if i, ok := constant.Int64Val(constant.ToInt(tv.Value)); ok {
			return i, true
		}
	}
	return 0, false
}

// sprintf reconstructs fmt.Sprintf with a reconstructible constant format.
func (r *Resolver) sprintf(call *ast.CallExpr, depth int) (Value, bool) {
	if call.Ellipsis.IsValid() {
		return Value{}, false
	}
	fv := r.of(call.Args[0], depth+1)
	if !fv.IsConst() {
		return Value{}, false
	}
	format := fv.String()
	args := call.Args[1:]
	var v Value
	argi := 0
	indexed := false
	used := make([]bool, len(args))
	for i := 0; i < len(format); {
		c := format[i]
		if c != '%' {
			j := strings.IndexByte(format[i:], '%')
			if j < 0 {
				j = len(format) - i
			}
			v.addText(format[i : i+j])
			i += j
			continue
		}
		verb, n := scanVerb(format[i:])
		if n == 0 {
			return Value{}, false
		}
		i += n
		if verb == "%%" {
			v.addText("%")
			continue
		}
		if strings.Contains(verb, "[") {
			// An explicit argument index, "%[2]s": the verb takes that
			// argument and the next verb the one after it.
			v2, idx, ok := explicitIndex(verb)
			if !ok || idx > len(args) {
				return Value{}, false
			}
			verb, argi, indexed = v2, idx-1, true
		}
		if strings.Contains(verb, "*") || argi >= len(args) {
			return Value{}, false // width from args: give up
		}
		arg := args[argi]
		used[argi] = true
		argi++
		last := verb[len(verb)-1]
		t := r.info.TypeOf(arg)
		if (last == 's' || last == 'v') && len(verb) == 2 && isString(t) {
			v.append(r.operand(arg, depth+1))
			continue
		}
		if tv, ok := r.info.Types[arg]; ok && tv.Value != nil && (last == 'd' || last == 'v') && len(verb) == 2 && tv.Value.Kind() == constant.Int {
			v.addText(tv.Value.ExactString())
			continue
		}
		h := &Hole{Expr: arg, Use: arg, Type: t, Verb: verb, Func: "fmt.Sprintf"}
		if pv := r.varOf(arg); pv != nil && r.IsParam(pv) {
			h.Param = pv
		}
		v.addHole(h)
	}
	if !indexed && argi != len(args) {
		return Value{}, false
	}
	for _, u := range used {
		if !u {
			return Value{}, false // an argument no verb formats: not what runs
		}
	}
	return v, true
}

// explicitIndex splits a verb with one explicit argument index, "%[2]s" or
// "%-[1]5d", into the verb without it ("%s", "%-5d") and the 1-based
// index. ok is false for anything else (several indexes, "%[1]*d").
func explicitIndex(verb string) (plain string, idx int, ok bool) {
	open := strings.IndexByte(verb, '[')
	end := strings.IndexByte(verb, ']')
	if open < 0 || end < open+2 || strings.Count(verb, "[") != 1 || strings.Count(verb, "]") != 1 {
		return "", 0, false
	}
	n, err := strconv.Atoi(verb[open+1 : end])
	if err != nil || n < 1 {
		return "", 0, false
	}
	return verb[:open] + verb[end+1:], n, true
}

// scanVerb returns the verb at the start of s ("%06d", "%-5s", "%%") and
// its length; n is 0 if s does not start with a complete verb.
func scanVerb(s string) (string, int) {
	if len(s) < 2 {
		return "", 0
	}
	i := 1
	for i < len(s) && strings.IndexByte("+-# 0", s[i]) >= 0 {
		i++
	}
	for i < len(s) && (s[i] >= '0' && s[i] <= '9' || s[i] == '.' || s[i] == '*' || s[i] == '[' || s[i] == ']') {
		i++
	}
	if i >= len(s) {
		return "", 0
	}
	return s[:i+1], i + 1
}
