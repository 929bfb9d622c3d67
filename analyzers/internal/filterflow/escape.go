package filterflow

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"regexp"
	"strings"

	"github.com/tablelint/tablelint/analyzers/internal/sdk"
	"github.com/tablelint/tablelint/analyzers/internal/values"
)

// safety decides whether run-time values can carry a quote.
type safety struct {
	pkg    *types.Package
	info   *types.Info
	r      *values.Resolver
	files  []*ast.File
	consts map[*types.Var]bool
}

// SafeHole reports whether the value in h can be put into a quoted
// filter literal as it is: it cannot carry a quote (a number, bool,
// time.Time with a constant layout, uuid, an escaped value), it is the
// result of an escaping helper (see Escapes), or it reads a variable
// that is only ever given constants without a quote (a package variable
// set once at start-up).
func (res *Result) SafeHole(h *values.Hole) bool { return res.safe.hole(h) }

func (s *safety) hole(h *values.Hole) bool {
	if h.CannotCarryQuote() || Escapes(s.info, s.r, h.Expr, 0) {
		return true
	}
	if id, ok := ast.Unparen(h.Expr).(*ast.Ident); ok {
		if v, ok := s.info.Uses[id].(*types.Var); ok {
			return s.constVar(v)
		}
	}
	return false
}

// constVar reports whether every value v is given anywhere in the
// package is a string constant without a quote (its zero value
// included), and its address is never taken.
func (s *safety) constVar(v *types.Var) bool {
	if ok, seen := s.consts[v]; seen {
		return ok
	}
	s.consts[v] = false // while deciding (and if it escapes)
	if v.Pkg() != s.pkg || !isStringType(v.Type()) {
		return false
	}
	ok, n := true, 0
	isV := func(e ast.Expr) bool {
		id, isID := ast.Unparen(e).(*ast.Ident)
		return isID && s.info.ObjectOf(id) == v
	}
	noQuote := func(e ast.Expr) bool {
		c, isC := constString(s.info, e)
		return isC && !strings.Contains(c, "'")
	}
	for _, f := range s.files {
		ast.Inspect(f, func(nd ast.Node) bool {
			switch nd := nd.(type) {
			case *ast.AssignStmt:
				for i, l := range nd.Lhs {
					if !isV(l) {
						continue
					}
					n++
					if len(nd.Lhs) != len(nd.Rhs) || (nd.Tok != token.ASSIGN && nd.Tok != token.DEFINE) || !noQuote(nd.Rhs[i]) {
						ok = false
					}
				}
			case *ast.ValueSpec:
				for i, id := range nd.Names {
					if s.info.Defs[id] == v {
						n++
						if len(nd.Values) > 0 && (len(nd.Values) != len(nd.Names) || !noQuote(nd.Values[i])) {
							ok = false
						}
					}
				}
			case *ast.UnaryExpr:
				if nd.Op == token.AND && isV(nd.X) {
					ok = false
				}
			case *ast.IncDecStmt, *ast.RangeStmt:
			}
			return ok
		})
	}
	// Declared in another package: its assignments are not all visible.
	ok = ok && n > 0 && v.Pkg() == s.pkg
	s.consts[v] = ok
	return ok
}

// Escapes reports whether e is the result of a call that doubles single
// quotes: a function or closure of this package whose body builds "”"
// (strings.ReplaceAll(s, "'", "”"), a strings.NewReplacer, a loop that
// writes ” for '), the Replace method of a strings.Replacer built with
// "”", a strconv conversion, a hex or base64 encoding, or a function of
// another package whose name says it escapes or quotes ("EscapeOData",
// "quoteValue"). A variable assigned once is followed.
func Escapes(info *types.Info, r *values.Resolver, e ast.Expr, depth int) bool {
	if depth > 4 || e == nil {
		return false
	}
	e = ast.Unparen(e)
	if id, ok := e.(*ast.Ident); ok {
		if v, ok := info.Uses[id].(*types.Var); ok {
			if a := r.SingleAssignment(v); a != nil {
				return Escapes(info, r, a, depth+1)
			}
		}
		return false
	}
	call, ok := e.(*ast.CallExpr)
	if !ok {
		return false
	}
	if t := info.TypeOf(call.Fun); t != nil {
		if _, isSig := t.Underlying().(*types.Signature); !isSig {
			return false // a conversion
		}
	}
	// A closure stored in a variable: esc := func(s string) string {…}.
	if id, ok := ast.Unparen(call.Fun).(*ast.Ident); ok {
		if v, ok := info.Uses[id].(*types.Var); ok {
			if lit, ok := ast.Unparen(r.SingleAssignment(v)).(*ast.FuncLit); ok {
				return buildsDoubledQuote(info, lit.Body)
			}
			return false
		}
	}
	if lit, ok := ast.Unparen(call.Fun).(*ast.FuncLit); ok {
		return buildsDoubledQuote(info, lit.Body)
	}
	fn := sdk.Callee(info, call)
	if fn == nil || fn.Pkg() == nil {
		return false
	}
	path, name := fn.Pkg().Path(), fn.Name()
	switch {
	case path == "strconv":
		// Itoa, Format*: digits, true/false. (Quote keeps ' as it is.)
		return name == "Itoa" || strings.HasPrefix(name, "Format")
	case path == "encoding/hex" || path == "encoding/base64" || path == "encoding/base32":
		return true
	case path == "strings" && name == "Replace":
		// (*strings.Replacer).Replace: the replacer's construction decides.
		if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok {
			return Escapes(info, r, sel.X, depth+1) || replacerBuilt(info, r, sel.X)
		}
	case path == "regexp" && (name == "ReplaceAllString" || name == "ReplaceAllLiteralString"):
		return removesQuotes(info, r, call, name == "ReplaceAllLiteralString")
	}
	if d := r.FuncDecl(fn); d != nil && d.Body != nil {
		if res := onlyResult(d.Body); res != nil && Escapes(info, r, res, depth+1) {
			return true // func clean(s string) string { return re.ReplaceAllString(s, "") }
		}
		return buildsDoubledQuote(info, d.Body)
	}
	if fn.Pkg() != nil && !sdk.IsPath(path, "strings") {
		if sig, ok := fn.Type().(*types.Signature); ok && sig.Results().Len() >= 1 && isStringType(sig.Results().At(0).Type()) {
			n := strings.ToLower(name)
			return (strings.Contains(n, "escape") || strings.Contains(n, "quote") || strings.Contains(n, "sanitiz")) &&
				!strings.Contains(n, "unescape") && !strings.Contains(n, "unquote")
		}
	}
	return false
}

// replacerBuilt reports whether x is a variable initialised with
// strings.NewReplacer(…, "”", …).
func replacerBuilt(info *types.Info, r *values.Resolver, x ast.Expr) bool {
	id, ok := ast.Unparen(x).(*ast.Ident)
	if !ok {
		return false
	}
	v, ok := info.Uses[id].(*types.Var)
	if !ok {
		return false
	}
	a := r.SingleAssignment(v)
	if a == nil {
		return false
	}
	return buildsDoubledQuote(info, a)
}

// buildsDoubledQuote reports whether n contains the string constant ”
// (or a doubled-quote rune pair written as a constant), the mark of code
// that escapes OData literals.
func buildsDoubledQuote(info *types.Info, n ast.Node) bool {
	found := false
	ast.Inspect(n, func(n ast.Node) bool {
		if found {
			return false
		}
		if ifs, ok := n.(*ast.IfStmt); ok && writesQuoteAgain(info, ifs) {
			found = true
			return false
		}
		e, ok := n.(ast.Expr)
		if !ok {
			return true
		}
		if tv, ok := info.Types[e]; ok && tv.Value != nil && tv.Value.Kind() == constant.String {
			if strings.Contains(constant.StringVal(tv.Value), "''") {
				found = true
			}
			return false
		}
		return true
	})
	return found
}

func isStringType(t types.Type) bool {
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Info()&types.IsString != 0
}

// onlyResult returns the expression of a body that is a single return of
// one value, or nil.
func onlyResult(body *ast.BlockStmt) ast.Expr {
	if len(body.List) != 1 {
		return nil
	}
	ret, ok := body.List[0].(*ast.ReturnStmt)
	if !ok || len(ret.Results) != 1 {
		return nil
	}
	return ret.Results[0]
}

// removesQuotes reports whether call, re.ReplaceAllString(s, repl) (or
// ReplaceAllLiteralString), leaves no single quote in its result: re is
// compiled from a constant pattern that matches the one-character string
// "'" and never the empty string (so every quote is inside a replaced
// match, as with `[^a-zA-Z0-9]+`), and repl is a constant without a quote
// (nor, unless literal, a $ that could copy a match back).
func removesQuotes(info *types.Info, r *values.Resolver, call *ast.CallExpr, literal bool) bool {
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok || len(call.Args) != 2 {
		return false
	}
	repl, ok := constString(info, call.Args[1])
	if !ok || strings.Contains(repl, "'") || (!literal && strings.Contains(repl, "$")) {
		return false
	}
	pattern, ok := regexpPattern(info, r, sel.X)
	if !ok {
		return false
	}
	re, err := regexp.Compile(`^(?:` + pattern + `)$`)
	if err != nil {
		return false
	}
	return re.MatchString("'") && !re.MatchString("")
}

// regexpPattern returns the constant pattern x was compiled from:
// regexp.MustCompile("…") (or Compile, MustCompilePOSIX) written in place
// or assigned once to the variable x names.
func regexpPattern(info *types.Info, r *values.Resolver, x ast.Expr) (string, bool) {
	x = ast.Unparen(x)
	if id, ok := x.(*ast.Ident); ok {
		v, ok := info.Uses[id].(*types.Var)
		if !ok {
			return "", false
		}
		if x = ast.Unparen(r.SingleAssignment(v)); x == nil {
			return "", false
		}
	}
	call, ok := x.(*ast.CallExpr)
	if !ok || len(call.Args) != 1 {
		return "", false
	}
	fn := sdk.Callee(info, call)
	if fn == nil || fn.Pkg() == nil || fn.Pkg().Path() != "regexp" {
		return "", false
	}
	switch fn.Name() {
	case "MustCompile", "MustCompilePOSIX":
	default:
		return "", false // Compile returns an error too: not a single value
	}
	return constString(info, call.Args[0])
}

// writesQuoteAgain reports whether ifs compares a value c with a single
// quote (a rune or a one-character string, either side), has no else, and
// its body writes c or a quote again (append(out, c), b.WriteRune(c),
// out += c) without leaving the loop iteration (no continue, break, return,
// goto): the quote is then written twice, once here and once by the code
// that copies every character.
func writesQuoteAgain(info *types.Info, ifs *ast.IfStmt) bool {
	if ifs.Else != nil || ifs.Init != nil {
		return false
	}
	cond, ok := ast.Unparen(ifs.Cond).(*ast.BinaryExpr)
	if !ok || cond.Op != token.EQL {
		return false
	}
	isQuote := func(e ast.Expr) bool {
		tv, ok := info.Types[ast.Unparen(e)]
		if !ok || tv.Value == nil {
			return false
		}
		switch tv.Value.Kind() {
		case constant.String:
			return constant.StringVal(tv.Value) == "'"
		case constant.Int:
			n, exact := constant.Int64Val(tv.Value)
			return exact && n == '\''
		}
		return false
	}
	var c ast.Expr
	switch {
	case isQuote(cond.Y):
		c = cond.X
	case isQuote(cond.X):
		c = cond.Y
	default:
		return false
	}
	text := types.ExprString(c)
	same := func(e ast.Expr) bool { return isQuote(e) || types.ExprString(e) == text }
	writes, leaves := false, false
	ast.Inspect(ifs.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.BranchStmt, *ast.ReturnStmt:
			leaves = true
		case *ast.FuncLit:
			return false
		case *ast.AssignStmt:
			if n.Tok == token.ADD_ASSIGN && len(n.Rhs) == 1 && same(n.Rhs[0]) {
				writes = true
			}
		case *ast.CallExpr:
			if sdk.IsBuiltin(info, n, "append") && len(n.Args) >= 2 && !n.Ellipsis.IsValid() {
				for _, a := range n.Args[1:] {
					if same(a) {
						writes = true
					}
				}
			}
			if sel, ok := ast.Unparen(n.Fun).(*ast.SelectorExpr); ok && len(n.Args) == 1 && same(n.Args[0]) {
				switch sel.Sel.Name {
				case "WriteRune", "WriteByte", "WriteString":
					writes = true
				}
			}
		}
		return true
	})
	return writes && !leaves
}
