package flow

import (
	"go/constant"
	"go/types"
	"regexp"
	"strings"

	"golang.org/x/tools/go/ssa"
)

// Escapers and cleaners built from the standard library, recognised by
// what they are made of rather than by their names: a strings.Replacer
// made from constant pairs, and a regular expression compiled from a
// constant pattern, each made where it is used or held in a package
// variable the package's init sets once (Made, globals.go).
//
//   - r.Replace(s) applies the pairs to the constant text; when one pair
//     replaces a single quote with a doubled one, or with text without
//     one, and no other pair reads or writes a quote, no quote of s
//     survives alone: the holes are Escaped. Other replacers mark them
//     Replaced, as strings.ReplaceAll does.
//   - re.ReplaceAllString(s, repl) (or ReplaceAllLiteralString) with a
//     constant repl without a quote (nor a $ that could copy a match
//     back, unless literal), where the pattern matches the one-character
//     string "'" and never the empty string, leaves no quote: every
//     quote is inside a replaced match. The result is then Escaped.
//     Other replacements are not modelled.
//   - re.MatchString(s) guarding a value is a validation (checks.go).

// replacerCall models (*strings.Replacer).Replace; ok is false when the
// replacer's pairs are not known.
func (e *eval) replacerCall(args []ssa.Value, depth int) (Value, bool) {
	if len(args) != 2 {
		return Value{}, false
	}
	pairs, ok := e.replacerPairs(args[0])
	if !ok {
		return Value{}, false
	}
	rep := strings.NewReplacer(pairs...)
	s := mapText(e.of(args[1], depth), rep.Replace)
	if escapingPairs(pairs) {
		if doublingPairs(pairs) {
			return withBound(s, Escaped|Doubled), true
		}
		return withBound(s, Escaped), true
	}
	return withBound(s, Replaced), true
}

// doublingPairs reports whether a pair of pairs replaces the single
// quote with two.
func doublingPairs(pairs []string) bool {
	for i := 0; i+1 < len(pairs); i += 2 {
		if pairs[i] == "'" && pairs[i+1] == "''" {
			return true
		}
	}
	return false
}

// replacerPairs returns the constant pairs the replacer v was made
// with by strings.NewReplacer.
func (e *eval) replacerPairs(v ssa.Value) ([]string, bool) {
	c, ok := e.r.Made(v).(*ssa.Call)
	if !ok {
		return nil, false
	}
	f := c.Call.StaticCallee()
	if f == nil || callee(f) != "strings.NewReplacer" || len(c.Call.Args) != 1 {
		return nil, false
	}
	elems, ok := sliceLiteral(c.Call.Args[0])
	if !ok || len(elems)%2 != 0 {
		return nil, false
	}
	var pairs []string
	for _, el := range elems {
		s, ok := constString(el)
		if !ok {
			return nil, false
		}
		pairs = append(pairs, s)
	}
	return pairs, true
}

// escapingPairs reports whether a replacer with these pairs leaves no
// quote alone: one pair replaces a quote with two, or with text without a
// quote, and no other reads or writes one.
func escapingPairs(pairs []string) bool {
	found := false
	for i := 0; i+1 < len(pairs); i += 2 {
		old, nw := pairs[i], pairs[i+1]
		switch {
		case old == "'" && (nw == "''" || !strings.Contains(nw, "'")):
			found = true
		case strings.Contains(old, "'") || strings.Contains(nw, "'"):
			return false
		}
	}
	return found
}

// regexpReplace models (*regexp.Regexp).ReplaceAllString and
// ReplaceAllLiteralString when they remove every quote (see above); ok
// is false otherwise.
func (e *eval) regexpReplace(args []ssa.Value, literal bool, depth int) (Value, bool) {
	if len(args) != 3 {
		return Value{}, false
	}
	repl, ok := constString(args[2])
	if !ok || strings.Contains(repl, "'") || (!literal && strings.Contains(repl, "$")) {
		return Value{}, false
	}
	pattern, ok := e.regexpPattern(args[0])
	if !ok {
		return Value{}, false
	}
	re, err := regexp.Compile(`^(?:` + pattern + `)$`)
	if err != nil || !re.MatchString("'") || re.MatchString("") {
		return Value{}, false
	}
	return opaque(e.of(args[1], depth), Escaped), true
}

// regexpPattern returns the constant pattern the regular expression v
// was compiled from by regexp.MustCompile (or MustCompilePOSIX).
func (e *eval) regexpPattern(v ssa.Value) (string, bool) {
	c, ok := e.r.Made(v).(*ssa.Call)
	if !ok || len(c.Call.Args) != 1 {
		return "", false
	}
	f := c.Call.StaticCallee()
	if f == nil {
		return "", false
	}
	switch callee(f) {
	case "regexp.MustCompile", "regexp.MustCompilePOSIX":
		return constString(c.Call.Args[0])
	}
	return "", false
}

// constString returns the text of a string constant.
func constString(v ssa.Value) (string, bool) {
	c, ok := v.(*ssa.Const)
	if !ok || c.Value == nil || c.Value.Kind() != constant.String {
		return "", false
	}
	return constant.StringVal(c.Value), true
}

// namedEscaper: a function of another package that flow has no summary
// of (a dependency that cannot reach the SDK is not summarised), whose
// string result is named for escaping or quoting (EscapeOData,
// quoteValue, Sanitize; not Unescape, Unquote), is taken at its word:
// its string arguments, Escaped.
func (e *eval) namedEscaper(f *ssa.Function, args []ssa.Value, index int, depth int) (Value, bool) {
	obj, _ := f.Object().(*types.Func)
	if obj == nil || obj.Pkg() == nil || obj.Pkg() == e.r.Pass.Pkg || obj.Pkg().Path() == "strings" {
		return Value{}, false
	}
	res := f.Signature.Results()
	if index >= res.Len() || !isStringType(res.At(index).Type()) {
		return Value{}, false
	}
	n := strings.ToLower(f.Name())
	if !(strings.Contains(n, "escape") || strings.Contains(n, "quote") || strings.Contains(n, "sanitiz")) ||
		strings.Contains(n, "unescape") || strings.Contains(n, "unquote") {
		return Value{}, false
	}
	var vs []Value
	for _, a := range args {
		if isStringType(a.Type()) {
			vs = append(vs, e.of(a, depth))
		}
	}
	if len(vs) == 0 {
		return holeValue(Hole{Bound: Escaped, What: f.Name()}), true
	}
	out := Value{Variants: []Variant{{}}}
	for _, v := range vs {
		out = concat(out, v)
	}
	return opaque(out, Escaped), true
}
