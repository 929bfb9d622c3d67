package odata

import (
	"errors"
	"reflect"
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"
	"unsafe"

	"github.com/alecthomas/participle/v2"
	"github.com/alecthomas/participle/v2/lexer"
	"github.com/tablelint/tablelint/edm"
)

// Limits on hostile input.
const (
	// MaxLength is the longest filter accepted, in bytes.
	MaxLength = 32 << 10
	// MaxDepth is the deepest nesting of parentheses and not accepted.
	MaxDepth = 100
)

var parser = participle.MustBuild[Expr](
	participle.Lexer(definition{}),
	participle.UseLookahead(1),
)

// Parse parses a $filter expression as a client sends it to the service.
// An empty or all-blank filter is valid and selects every entity. Errors
// are *Error.
func Parse(s string) (*Filter, error) { return parse(s, false, nil) }

// ParseTemplate parses a design-file filter, in which {Name} and
// {Name:VERB} placeholders may stand for a whole literal or inside a
// literal's quoted text. A literal "{{" in quoted text stands for "{".
func ParseTemplate(s string) (*Filter, error) { return parse(s, true, nil) }

// Scratch is memory for filters that are parsed, used once and dropped,
// as a replay does with filters whose literals differ at every call: its
// Parse reuses the nodes of an earlier filter it returned when the next
// filter has the same shape (it keeps the nodes of the last few shapes
// it parsed), instead of allocating new ones. The zero value is ready to
// use; a Scratch is not safe for concurrent use.
type Scratch struct {
	blocks [scratchShapes]struct {
		sk   *skeleton
		base unsafe.Pointer
	}
	next int // the entry of blocks a new shape takes
}

// scratchShapes is the number of shapes a Scratch keeps the nodes of.
const scratchShapes = 8

// Parse is the package's Parse, except that the filter it returns, and
// every node of it, is valid only until the next call of Parse on sc:
// that call may overwrite them. Strings taken from the filter (its text,
// literal values) stay valid.
func (sc *Scratch) Parse(s string) (*Filter, error) { return parse(s, false, sc) }

func parse(s string, template bool, sc *Scratch) (*Filter, error) {
	var tokBuf [64]token
	toks, h, unchecked, err := lexInto(tokBuf[:0], s, template)
	// The lexer checked the UTF-8 of everything but quoted text and
	// placeholders; a filter that is not UTF-8 is reported as such before
	// any other error.
	if (err != nil || unchecked) && !utf8.ValidString(s) {
		off := 0
		for off < len(s) {
			r, size := utf8.DecodeRuneInString(s[off:])
			if r == utf8.RuneError && size == 1 {
				break
			}
			off += size
		}
		return nil, &Error{Filter: strings.ToValidUTF8(s, "?"), Offset: off, Len: 1, Msg: "invalid UTF-8 byte in filter"}
	}
	if err != nil {
		return nil, err
	}
	if len(toks) == 1 { // only EOF: the empty filter
		return &Filter{Text: s, Template: template}, nil
	}
	if !cacheEnabled {
		f, err := parseTokens(s, toks)
		if err != nil {
			return nil, err
		}
		return decodeLiterals(f, s, toks, template)
	}
	skel := shapes.get(h, s, toks)
	if skel == nil {
		f, err := parseTokens(s, toks)
		if err != nil {
			return nil, err
		}
		// The tree participle built becomes the skeleton; this caller, like
		// every later one, gets its own copy, so that nothing it does to
		// its tree reaches the cache.
		if skel = shapes.put(h, s, toks, f); skel == nil {
			return decodeLiterals(f, s, toks, template) // not cached: f is this caller's
		}
	}
	return skel.instantiate(s, toks, template, sc)
}

// decodeLiterals completes a tree participle built from toks, lexed from
// s: its text, and the values of its comparisons' literals.
func decodeLiterals(f *Filter, s string, toks []token, template bool) (*Filter, error) {
	f.Text, f.Template = s, template
	cur := cmpCursor{toks: toks}
	if err := cur.expr(f.Expr, s, template); err != nil {
		return nil, err
	}
	return f, nil
}

// parseBuf is what the participle parser needs while it parses one
// filter: the filter's tokens as participle tokens, and a PeekingLexer
// over them. Neither is kept by the tree (it holds substrings of the
// filter text, never tokens), so parsePool lets one parseBuf serve every
// parse on a P.
type parseBuf struct {
	toks []lexer.Token
	plex lexer.PeekingLexer
}

var parsePool = sync.Pool{New: func() any { return new(parseBuf) }}

// maxPooledTokens bounds the token slices kept in parsePool, so that one
// huge filter does not pin its tokens.
const maxPooledTokens = 1024

// parseTokens checks the tokens and runs the participle parser on them.
// The tree's comparisons have their Property, Op and Raw text; offsets
// and values are set by a cmpCursor.
func parseTokens(s string, toks []token) (*Filter, error) {
	pb := parsePool.Get().(*parseBuf)
	pb.toks = lexerTokens(pb.toks, s, toks)
	e, err := checkAndParse(s, pb.toks, &pb.plex)
	clear(pb.toks) // drop the references to the filter text
	pb.plex = lexer.PeekingLexer{}
	if cap(pb.toks) <= maxPooledTokens {
		pb.toks = pb.toks[:0]
		parsePool.Put(pb)
	}
	if err != nil {
		return nil, err
	}
	return &Filter{Expr: e}, nil
}

// allowTrailing is the option for parsing a group's expression, made once
// (each call of participle.AllowTrailing allocates a closure).
var allowTrailing = participle.AllowTrailing(true)

// checkAndParse checks the tokens and parses them with plex, a zero
// PeekingLexer to use.
func checkAndParse(s string, toks []lexer.Token, plex *lexer.PeekingLexer) (*Expr, error) {
	if err := checkTokens(s, toks); err != nil {
		return nil, err
	}
	e, err := parser.ParseFromLexer(peeking(plex, toks))
	if err != nil {
		return nil, translate(s, toks, err)
	}
	return e, nil
}

// peekingLayout is the layout of lexer.PeekingLexer in participle v2.1.4
// (the version go.mod pins), whose fields are unexported.
type peekingLayout struct {
	lexer.Checkpoint
	tokens []lexer.Token
	elide  map[lexer.TokenType]bool
}

// peekingOK reports whether lexer.PeekingLexer has peekingLayout's fields
// at the same offsets. If an upgrade of participle changes them, peeking
// falls back to lexer.Upgrade (and TestPeekingLayout fails).
var peekingOK = func() bool {
	a, b := reflect.TypeFor[lexer.PeekingLexer](), reflect.TypeFor[peekingLayout]()
	if a.Size() != b.Size() || a.NumField() != b.NumField() {
		return false
	}
	for i := range a.NumField() {
		fa, fb := a.Field(i), b.Field(i)
		if fa.Name != fb.Name || fa.Type != fb.Type || fa.Offset != fb.Offset {
			return false
		}
	}
	return true
}()

// peeking makes plex, a zero PeekingLexer, a participle PeekingLexer over
// toks, which end with EOF, and returns it. lexer.Upgrade would copy the
// tokens one append at a time (six allocations for a typical filter) and
// make an empty map of elided token types; the dialect elides none, and a
// zero Checkpoint is the first token, so the PeekingLexer can use the
// pooled slice as it is.
func peeking(plex *lexer.PeekingLexer, toks []lexer.Token) *lexer.PeekingLexer {
	if !peekingOK {
		plex, _ := lexer.Upgrade(&sliceLexer{toks: toks}) // sliceLexer never fails
		return plex
	}
	(*peekingLayout)(unsafe.Pointer(plex)).tokens = toks
	return plex
}

// functions and operators of OData that the Table service does not support.
var (
	unsupportedFunctions = map[string]bool{
		"startswith": true, "endswith": true, "substringof": true, "contains": true,
		"indexof": true, "length": true, "substring": true, "tolower": true,
		"toupper": true, "trim": true, "concat": true, "year": true, "month": true,
		"day": true, "hour": true, "minute": true, "second": true, "round": true,
		"floor": true, "ceiling": true, "isof": true, "cast": true, "any": true,
		"all": true, "now": true, "date": true, "time": true, "matchesPattern": true,
	}
	unsupportedOperators = map[string]string{
		"add": "arithmetic", "sub": "arithmetic", "mul": "arithmetic", "div": "arithmetic",
		"divby": "arithmetic", "mod": "arithmetic", "has": "the has operator", "in": "the in operator",
	}
	keywords = map[string]bool{
		"and": true, "or": true, "not": true, "eq": true, "ne": true, "gt": true,
		"ge": true, "lt": true, "le": true,
	}
)

// checkTokens looks for unsupported features, wrong-case keywords and
// excessive nesting before the grammar sees the tokens, so that each gets
// a specific message.
func checkTokens(s string, toks []lexer.Token) error {
	// stack holds '(' and 'n' (a not whose operand is still open); its
	// height is the recursion depth the parser will reach.
	var stackBuf [32]byte
	stack := stackBuf[:0]
	for i, t := range toks {
		errAt := func(msg, rule string) error {
			return &Error{Filter: s, Offset: t.Pos.Offset, Len: len(t.Value), Msg: msg, Rule: rule}
		}
		switch t.Type {
		case tokKeyword:
			if t.Value == "not" {
				stack = append(stack, 'n')
			}
		case tokIdent:
			next := toks[i+1]
			prevOperand := i > 0 && endsOperand(toks[i-1])
			if what, ok := unsupportedOperators[t.Value]; ok && prevOperand {
				return errAt("the Table service does not support "+what+" ('"+t.Value+"') in a $filter", RuleUnsupported)
			}
			if next.Type == tokPunct && next.Value == "(" {
				if unsupportedFunctions[t.Value] || unsupportedFunctions[strings.ToLower(t.Value)] {
					return errAt("the Table service does not support the function "+t.Value+"()", RuleUnsupported)
				}
				return errAt("function calls such as "+t.Value+"() are not supported by the Table service", RuleUnsupported)
			}
			if t.Value == "null" && i > 0 && toks[i-1].Type == tokOp {
				return errAt("the Table service does not support null in a $filter", RuleUnsupported)
			}
			if lower, ok := foldKeyword(t.Value); ok && wrongCaseKeyword(lower, toks, i) {
				return errAt("operators are lower case in OData: write \""+lower+"\", not \""+t.Value+"\"", "")
			}
		case tokPunct:
			switch t.Value {
			case "(":
				stack = append(stack, '(')
			case ")":
				for len(stack) > 0 && stack[len(stack)-1] == 'n' {
					stack = stack[:len(stack)-1]
				}
				if len(stack) > 0 {
					stack = stack[:len(stack)-1]
				}
				for len(stack) > 0 && stack[len(stack)-1] == 'n' {
					stack = stack[:len(stack)-1]
				}
			}
		case tokLiteral:
			for len(stack) > 0 && stack[len(stack)-1] == 'n' {
				stack = stack[:len(stack)-1]
			}
		}
		if len(stack) > MaxDepth {
			return errAt("filter nests parentheses and `not` deeper than the limit of "+strconv.Itoa(MaxDepth), "")
		}
	}
	return nil
}

// foldKeyword returns the keyword or operator that the identifier w
// spells in other letter case ("AND", "Eq"), without allocating: an
// identifier token is never one in lower case.
func foldKeyword(w string) (string, bool) {
	if len(w) > 3 {
		return "", false
	}
	for _, k := range [...]string{"and", "or", "not", "eq", "ne", "gt", "ge", "lt", "le"} {
		if strings.EqualFold(w, k) {
			return k, true
		}
	}
	return "", false
}

// wrongCaseKeyword reports whether the identifier at toks[i], whose lower
// case form is lower, stands where that keyword would: and/or after an
// operand, not before an operand, an operator after a property name.
func wrongCaseKeyword(lower string, toks []lexer.Token, i int) bool {
	switch {
	case lower == "and" || lower == "or":
		return i > 0 && endsOperand(toks[i-1])
	case lower == "not":
		n := toks[i+1]
		return n.Type == tokIdent || (n.Type == tokPunct && n.Value == "(") || (n.Type == tokKeyword && n.Value == "not")
	case isOperator(lower):
		return i > 0 && toks[i-1].Type == tokIdent && toks[i+1].Type == tokLiteral
	}
	return false
}

// endsOperand reports whether t can end an operand, so that an identifier
// after it is in operator position.
func endsOperand(t lexer.Token) bool {
	switch t.Type {
	case tokLiteral, tokIdent:
		return true
	case tokPunct:
		return t.Value == ")"
	}
	return false
}

// translate turns a participle error into an *Error that says what was
// expected in the words of the dialect.
func translate(s string, toks []lexer.Token, err error) error {
	var perr participle.Error
	if !errors.As(err, &perr) {
		return &Error{Filter: s, Msg: err.Error()}
	}
	off := perr.Position().Offset
	idx := 0
	for idx < len(toks)-1 && toks[idx].Pos.Offset < off {
		idx++
	}
	tok := toks[idx]
	e := &Error{Filter: s, Offset: tok.Pos.Offset, Len: len(tok.Value)}
	got := "unexpected " + strconv.Quote(tok.Value)
	if tok.Type == tokEOF {
		got = "unexpected end of filter"
	}
	var prev *lexer.Token
	if idx > 0 {
		prev = &toks[idx-1]
	}
	switch {
	case prev == nil || (prev.Type == tokPunct && prev.Value == "(") ||
		prev.Type == tokKeyword:
		e.Msg = got + "; expected a comparison"
		if tok.Type == tokLiteral {
			e.Msg += " (the Table service needs the property name on the left: Property eq 'value')"
		}
	case prev.Type == tokIdent:
		e.Msg = got + "; expected a comparison operator (eq, ne, gt, ge, lt, le)"
	case prev.Type == tokOp:
		e.Msg = got + "; expected a literal value"
		if tok.Type == tokIdent {
			e.Msg += " (the Table service compares a property with a literal, not with another property)"
		}
	default:
		e.Msg = got + `; expected "and", "or", ")" or the end of the filter`
		if tok.Type == tokPunct && tok.Value == ")" {
			e.Msg = got + ": no matching '('"
		}
		if tok.Type == tokEOF {
			if open := unclosedParen(toks); open != nil {
				e.Offset, e.Len = open.Pos.Offset, 1
				e.Msg = "unexpected end of filter: missing ')' to close this '('"
			}
		}
	}
	return e
}

// unclosedParen returns the innermost '(' that has no matching ')'.
func unclosedParen(toks []lexer.Token) *lexer.Token {
	var open []int
	for i, t := range toks {
		if t.Type == tokPunct {
			switch t.Value {
			case "(":
				open = append(open, i)
			case ")":
				if len(open) > 0 {
					open = open[:len(open)-1]
				}
			}
		}
	}
	if len(open) == 0 {
		return nil
	}
	return &toks[open[len(open)-1]]
}

func isOperator(s string) bool {
	switch s {
	case "eq", "ne", "gt", "ge", "lt", "le":
		return true
	}
	return false
}

// cmpCursor sets the offsets, property names and literals of a tree's
// comparisons from the filter's tokens, and decodes every literal to its
// typed value. In a filter that parsed, the k-th property token and the
// k-th literal token belong to the k-th comparison in source order, so a
// plain walk of the tree (no closure to allocate) finds them by moving
// along the tokens. The cursor holds nothing but the tokens, so that they
// can stay on Parse's stack.
type cmpCursor struct {
	toks []token
	i    int // the next token to look at
}

// next fills c, the next comparison in source order, from the tokens of s.
func (cur *cmpCursor) next(c *Comparison, s string, template bool) error {
	for cur.toks[cur.i].typ != tokIdent {
		cur.i++
	}
	prop, lit := cur.toks[cur.i], cur.toks[cur.i+2]
	cur.i += 3
	return fillComparison(c, prop, lit, s, template)
}

// fillComparison sets the offset and property name of c, a comparison of
// the filter s, from its property token, and its literal from the literal
// token, decoding it.
func fillComparison(c *Comparison, prop, lit token, s string, template bool) error {
	c.Offset, c.Property = int(prop.off), prop.text(s)
	c.Value.Offset, c.Value.Raw = int(lit.off), lit.text(s)
	return decodeLiteral(s, &c.Value, template)
}

func (cur *cmpCursor) expr(e *Expr, s string, template bool) error {
	for _, t := range e.Terms {
		for _, f := range t.Factors {
			if err := cur.factor(f, s, template); err != nil {
				return err
			}
		}
	}
	return nil
}

func (cur *cmpCursor) factor(f *Factor, s string, template bool) error {
	switch {
	case f.Not != nil:
		return cur.factor(f.Not, s, template)
	case f.Group != nil:
		return cur.expr(f.Group, s, template)
	}
	return cur.next(f.Cmp, s, template)
}

// decodeLiteral sets the value of l, a literal of s whose Offset and Raw
// are set and whose Value is zero.
func decodeLiteral(s string, l *Literal, template bool) error {
	raw := l.Raw
	switch {
	case raw[0] == '\'':
		body := raw[1 : len(raw)-1]
		if template && strings.ContainsAny(body, "{}") {
			parts, err := splitTemplate(s, body, l.Offset+1)
			if err != nil {
				return err
			}
			l.Value = edm.StringValue(partsText(parts))
			l.Parts = parts
			return nil
		}
		// l.Value is zero (a fresh node): set only what a String has.
		l.Value.Type, l.Value.Str = edm.String, unescape(body)
	case raw[0] == '{':
		p, err := parseParam(s, raw, l.Offset)
		if err != nil {
			return err
		}
		l.Parts = []Part{{Param: p}}
	case raw == "true" || raw == "false":
		l.Value = edm.BoolValue(raw == "true")
	case raw[0] == '-' || raw[0] == '.' || isDigit(raw[0]):
		v, err := parseNumber(raw)
		if err != nil {
			return literalError(s, l, err)
		}
		l.Value = v
	default: // typed literal prefix'…'
		q := strings.IndexByte(raw, '\'')
		prefix, body := raw[:q], raw[q+1:len(raw)-1]
		var typ edm.Type
		switch prefix {
		case "datetime":
			typ = edm.DateTime
		case "guid":
			typ = edm.Guid
		default:
			typ = edm.Binary
		}
		if template && strings.IndexByte(body, '{') >= 0 && hasParam(body) {
			parts, err := splitTemplate(s, body, l.Offset+q+1)
			if err != nil {
				return err
			}
			l.Value.Type = typ
			l.Parts = parts
			return nil
		}
		switch typ {
		case edm.DateTime:
			t, err := edm.ParseDateTime(body)
			if err != nil {
				return literalError(s, l, err)
			}
			l.Value = edm.DateTimeValue(t)
		case edm.Guid:
			v, err := edm.GuidValue(body)
			if err != nil {
				return literalError(s, l, err)
			}
			l.Value = v
		default:
			b, err := edm.ParseBinary(body)
			if err != nil {
				return literalError(s, l, err)
			}
			l.Value = edm.BinaryValue(b)
		}
	}
	return nil
}

// literalError reports a literal of s that does not decode.
func literalError(s string, l *Literal, err error) error {
	return &Error{Filter: s, Offset: l.Offset, Len: len(l.Raw), Msg: err.Error()}
}

func unescape(body string) string {
	if strings.IndexByte(body, '\'') < 0 {
		return body
	}
	return strings.ReplaceAll(body, "''", "'")
}

func parseNumber(raw string) (edm.Value, error) {
	if n := len(raw); raw[n-1] == 'L' {
		i, err := strconv.ParseInt(raw[:n-1], 10, 64)
		if err != nil {
			if errors.Is(err, strconv.ErrRange) {
				return edm.Value{}, errors.New("Int64 literal " + raw + " is out of range")
			}
			return edm.Value{}, errors.New("malformed Int64 literal " + strconv.Quote(raw))
		}
		return edm.Int64Value(i), nil
	}
	// A Double has a point or an exponent and no other letter (a suffix
	// such as D or M, or glued letters, make it malformed below).
	point, letter := false, false
	for i := 0; i < len(raw); i++ {
		switch c := raw[i]; {
		case c == '.' || c == 'e' || c == 'E':
			point = true
		case c == '_' || ('a' <= c|0x20 && c|0x20 <= 'z'):
			letter = true
		}
	}
	if point && !letter {
		f, err := strconv.ParseFloat(raw, 64)
		if err != nil {
			if errors.Is(err, strconv.ErrRange) {
				return edm.Value{}, errors.New("Double literal " + raw + " is out of range")
			}
			return edm.Value{}, errors.New("malformed Double literal " + strconv.Quote(raw))
		}
		return edm.DoubleValue(f), nil
	}
	i, err := strconv.ParseInt(raw, 10, 32)
	if err != nil {
		if errors.Is(err, strconv.ErrRange) {
			return edm.Value{}, errors.New("Int32 literal " + raw + " is out of range; write " + raw + "L for an Int64")
		}
		return edm.Value{}, errors.New("malformed number literal " + strconv.Quote(raw))
	}
	return edm.Int32Value(int32(i)), nil
}

// splitTemplate splits a template literal's quoted text into parts; base
// is the byte offset of body in s.
func splitTemplate(s, body string, base int) ([]Part, error) {
	var parts []Part
	var text strings.Builder
	flush := func() {
		if text.Len() > 0 {
			parts = append(parts, Part{Text: text.String()})
			text.Reset()
		}
	}
	for i := 0; i < len(body); {
		switch {
		case body[i] == '{' && i+1 < len(body) && body[i+1] == '{':
			text.WriteByte('{')
			i += 2
		case body[i] == '}' && i+1 < len(body) && body[i+1] == '}':
			text.WriteByte('}')
			i += 2
		case body[i] == '{':
			end := strings.IndexByte(body[i:], '}')
			p, err := parseParam(s, body[i:i+end+1], base+i)
			if err != nil {
				return nil, err
			}
			flush()
			parts = append(parts, Part{Param: p})
			i += end + 1
		case body[i] == '\'' && i+1 < len(body) && body[i+1] == '\'':
			text.WriteByte('\'')
			i += 2
		default:
			text.WriteByte(body[i])
			i++
		}
	}
	flush()
	return parts, nil
}

// partsText returns the text of a template literal without placeholders
// (the placeholders themselves are left out).
func partsText(parts []Part) string {
	if len(parts) == 1 && parts[0].Param == nil {
		return parts[0].Text
	}
	var b strings.Builder
	for _, p := range parts {
		b.WriteString(p.Text)
	}
	return b.String()
}

// hasParam reports whether template text holds a placeholder (a '{' that
// is not part of a "{{" escape).
func hasParam(body string) bool {
	for i := 0; i < len(body); i++ {
		if body[i] == '{' {
			if i+1 < len(body) && body[i+1] == '{' {
				i++
				continue
			}
			return true
		}
	}
	return false
}

// parseParam parses "{Name}" or "{Name:VERB}" found at offset off of s.
func parseParam(s, raw string, off int) (*Param, error) {
	inner := raw[1 : len(raw)-1]
	name, verb, _ := strings.Cut(inner, ":")
	if name == "" || !validParamName(name) {
		return nil, &Error{Filter: s, Offset: off, Len: len(raw), Msg: "invalid placeholder " + strconv.Quote(raw) + ": expected {Name} or {Name:%06d}"}
	}
	return &Param{Name: name, Verb: verb, Offset: off}, nil
}

func validParamName(name string) bool {
	for i := 0; i < len(name); i++ {
		if !isIdentPart(name[i]) {
			return false
		}
	}
	return !isDigit(name[0])
}
