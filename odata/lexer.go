package odata

import (
	"io"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/alecthomas/participle/v2/lexer"
)

// Token types produced by the lexer. Operators and literals each have one
// token type, so that the grammar matches a comparison as a plain sequence
// of three tokens, with no alternatives to try.
// They are untyped, so that they serve as participle's lexer.TokenType
// and as the lexer's own tokType.
const (
	tokEOF     = -1
	tokIdent   = -2 - iota // property names
	tokLiteral             // 'text', prefix'text', numbers, true, false, {Param}
	tokOp                  // eq ne gt ge lt le
	tokKeyword             // and or not
	tokPunct               // ( ) ,
)

// tokType is a token type in a token.
type tokType int8

// Compile-time checks: tokEOF is participle's EOF, and every offset in a
// filter of MaxLength bytes fits a token's uint16.
var (
	_ = [1]struct{}{}[tokEOF-lexer.EOF]
	_ = [1]struct{}{}[MaxLength>>16]
)

var symbols = map[string]lexer.TokenType{
	"EOF":     tokEOF,
	"Ident":   tokIdent,
	"Literal": tokLiteral,
	"Op":      tokOp,
	"Keyword": tokKeyword,
	"Punct":   tokPunct,
}

// definition is the participle lexer.Definition for the dialect. Parse does
// not go through it (it lexes first, to check the token stream, and hands
// participle the tokens), but it makes the grammar buildable and usable on
// its own.
type definition struct{ template bool }

func (definition) Symbols() map[string]lexer.TokenType { return symbols }

func (d definition) Lex(filename string, r io.Reader) (lexer.Lexer, error) {
	b, err := io.ReadAll(io.LimitReader(r, MaxLength+1))
	if err != nil {
		return nil, err
	}
	return d.LexString(filename, string(b))
}

func (d definition) LexString(_ string, s string) (lexer.Lexer, error) {
	toks, err := lex(s, d.template)
	if err != nil {
		return nil, err
	}
	return &sliceLexer{toks: toks}, nil
}

// sliceLexer replays tokens that were lexed already.
type sliceLexer struct {
	toks []lexer.Token
	i    int
}

func (l *sliceLexer) Next() (lexer.Token, error) {
	if l.i >= len(l.toks) {
		return l.toks[len(l.toks)-1], nil
	}
	t := l.toks[l.i]
	l.i++
	return t, nil
}

// literalPrefixes are the identifiers that may stand directly before a
// quote to form a typed literal.
var literalPrefixes = []string{"datetime", "guid", "X", "binary"}

// token is a token as the lexer produces it: its type and where its text
// is in the filter. It holds no pointer, so a slice of tokens can live on
// the stack or be reused without pinning the filter text; the participle
// parser gets lexer.Tokens made from it (lexerTokens) only when it runs.
type token struct {
	off, end uint16
	typ      tokType
}

// text returns the token's text in the filter s.
func (t token) text(s string) string { return s[t.off:t.end] }

// lexerTokens appends to buf[:0] the participle tokens of toks, which
// were lexed from s.
func lexerTokens(buf []lexer.Token, s string, toks []token) []lexer.Token {
	out := buf[:0]
	for _, t := range toks {
		out = append(out, lexer.Token{Type: lexer.TokenType(t.typ), Value: t.text(s), Pos: pos(int(t.off))})
	}
	return out
}

// lex splits s into participle tokens. In template mode, {…} placeholders
// are tokens of their own outside quotes and part of the literal text
// inside them.
func lex(s string, template bool) ([]lexer.Token, error) {
	toks, _, _, err := lexInto(nil, s, template)
	if err != nil {
		return nil, err
	}
	return lexerTokens(nil, s, toks), nil
}

// lexInto splits s into tokens appended to buf[:0], ending with EOF, so
// that Parse can lex into an array on its stack. Outside quotes and
// placeholders, it decodes every byte beyond ASCII and fails on one that
// is not UTF-8; unchecked reports whether quoted text or a placeholder
// holds such bytes, which it has not checked (so that Parse checks the
// whole filter only then, or after an error). hash is the tokens' shape
// hash (see mixShape).
func lexInto(buf []token, s string, template bool) (toks []token, hash uint64, unchecked bool, err error) {
	if len(s) > MaxLength {
		return nil, 0, false, &Error{Filter: truncate(s), Offset: MaxLength, Msg: "filter is longer than the limit of 32768 bytes"}
	}
	toks = buf[:0]
	i := 0
	for {
		for i < len(s) && byteClass[s[i]] == clSpace {
			i++
		}
		if i >= len(s) {
			toks = append(toks, token{typ: tokEOF, off: uint16(i), end: uint16(i)})
			hash = mixShape(hash, tokEOF, 0)
			return toks, hash ^ hash>>32, unchecked, nil
		}
		start := i
		c := s[i]
		quote := -1 // the quote of a literal, plain or prefixed, at start
		switch cl := byteClass[c]; {
		case cl == clPunct:
			i++
			toks = append(toks, token{typ: tokPunct, off: uint16(start), end: uint16(i)})
			hash = mixShape(hash, tokPunct, uint64(c)<<8|uint64(c)<<16)
		case cl == clQuote:
			quote = i
		case cl == clIdent || cl == clHigh:
			if cl == clHigh {
				if r, size := utf8.DecodeRuneInString(s[i:]); !unicode.IsLetter(r) {
					return nil, 0, false, unexpectedChar(s, i, r, size)
				}
			}
			i = scanIdent(s, i)
			if err := quoteInString(s, toks, start, i); err != nil {
				return nil, 0, false, err
			}
			if i < len(s) && s[i] == '\'' {
				if !isLiteralPrefix(s[start:i]) {
					msg := "unknown literal prefix " + s[start:i] + "'…': the Table service supports datetime'…', guid'…', X'…' and binary'…'"
					return nil, 0, false, &Error{Filter: s, Offset: start, Len: i - start, Msg: msg, Rule: RuleUnsupported}
				}
				quote = i
				break
			}
			w := s[start:i]
			typ := wordType(w)
			toks = append(toks, token{typ: typ, off: uint16(start), end: uint16(i)})
			switch typ {
			case tokIdent:
				hash = mixShape(hash, typ, textHash(w))
			case tokLiteral:
				hash = mixShape(hash, typ, 0)
			default:
				hash = mixShape(hash, typ, uint64(w[0])<<8|uint64(w[len(w)-1])<<16)
			}
		case cl == clDigit || (cl == clSign && isNumberStart(s, i)):
			i = scanNumber(s, i)
			toks = append(toks, token{typ: tokLiteral, off: uint16(start), end: uint16(i)})
			hash = mixShape(hash, tokLiteral, 0)
		case c == '{' && template:
			end := strings.IndexByte(s[i:], '}')
			if end < 0 {
				return nil, 0, false, &Error{Filter: s, Offset: i, Len: 1, Msg: "unclosed placeholder: missing '}'"}
			}
			i += end + 1
			unchecked = true
			toks = append(toks, token{typ: tokLiteral, off: uint16(start), end: uint16(i)})
			hash = mixShape(hash, tokLiteral, 0)
		default:
			r, size := utf8.DecodeRuneInString(s[i:])
			return nil, 0, false, unexpectedChar(s, i, r, size)
		}
		if quote >= 0 {
			end, high, err := scanQuoted(s, quote, template)
			if err != nil {
				return nil, 0, false, err
			}
			i = end
			unchecked = unchecked || high
			toks = append(toks, token{typ: tokLiteral, off: uint16(start), end: uint16(i)})
			hash = mixShape(hash, tokLiteral, 0)
		}
	}
}

// quoteInString returns the error for a name at s[start:end] that
// follows a string literal with no space between: the literal's closing
// quote was meant as a quote inside it ('O'Brien'), which must be
// doubled (two quotes in a row). The error suggests the doubled literal when a
// closing quote follows the word. nil when the word does not touch a
// string literal.
func quoteInString(s string, toks []token, start, end int) error {
	if len(toks) == 0 {
		return nil
	}
	prev := toks[len(toks)-1]
	if prev.typ != tokLiteral || int(prev.end) != start || s[prev.off] != '\'' {
		return nil
	}
	// 'x'and B eq 'y' is valid: an operator or keyword may touch a
	// literal. A name, or a literal prefix, may not.
	if wordType(s[start:end]) != tokIdent {
		return nil
	}
	quote := start - 1 // the literal's closing quote
	msg := "a quote inside a string must be doubled"
	if k := strings.IndexByte(s[end:], '\''); k >= 0 {
		fixed := s[prev.off:quote] + "''" + s[start:end+k+1]
		if len(fixed) <= 60 {
			msg += ": " + fixed
		}
	}
	return &Error{Filter: s, Offset: quote, Len: 1, Msg: msg}
}

// Byte classes: what the first byte of a token says about it.
const (
	clOther = iota
	clSpace
	clPunct // ( ) ,
	clQuote
	clDigit
	clSign  // - and .: a number when a digit (after -, also a point) follows
	clIdent // an ASCII letter or _
	clHigh  // the first byte of a multi-byte character
)

// byteClass is the class of every byte; identPart tells which bytes
// continue an identifier.
var byteClass, identPart = func() (cl [256]uint8, part [256]bool) {
	for c := range 256 {
		b := byte(c)
		switch {
		case isSpace(b):
			cl[c] = clSpace
		case b == '(' || b == ')' || b == ',':
			cl[c] = clPunct
		case b == '\'':
			cl[c] = clQuote
		case isDigit(b):
			cl[c] = clDigit
		case b == '-' || b == '.':
			cl[c] = clSign
		case isIdentStart(b):
			cl[c] = clIdent
		case b >= utf8.RuneSelf:
			cl[c] = clHigh
		}
		part[c] = isIdentPart(b)
	}
	return cl, part
}()

// scanIdent returns the end of the identifier whose first character is at
// s[i]: ASCII letters, digits and _, and beyond ASCII letters, digits and
// combining marks.
func scanIdent(s string, i int) int {
	if s[i] < utf8.RuneSelf {
		i++
	} else {
		_, size := utf8.DecodeRuneInString(s[i:])
		i += size
	}
	for i < len(s) {
		if identPart[s[i]] {
			i++
			continue
		}
		if s[i] < utf8.RuneSelf {
			break
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if !unicode.IsLetter(r) && !unicode.IsDigit(r) && !unicode.In(r, unicode.Mn, unicode.Mc, unicode.Pc) {
			break
		}
		i += size
	}
	return i
}

// wordType is the token type of an identifier-like word: an operator, a
// keyword, true or false (a literal), or a property name.
func wordType(w string) tokType {
	switch len(w) {
	case 2:
		if isOperator(w) {
			return tokOp
		}
		if w == "or" {
			return tokKeyword
		}
	case 3:
		if w == "and" || w == "not" {
			return tokKeyword
		}
	case 4:
		if w == "true" {
			return tokLiteral
		}
	case 5:
		if w == "false" {
			return tokLiteral
		}
	}
	return tokIdent
}

func isLiteralPrefix(p string) bool {
	for _, q := range literalPrefixes {
		if p == q {
			return true
		}
	}
	return false
}

// scanQuoted scans a quoted literal body starting at the quote at s[i] and
// returns the offset just past the closing quote, and whether the text
// may hold bytes beyond ASCII.
func scanQuoted(s string, i int, template bool) (end int, high bool, err error) {
	open := i
	var acc byte // every byte looked at, or'ed
	i++
	for i < len(s) {
		c := s[i]
		switch c {
		case '\'':
			if i+1 < len(s) && s[i+1] == '\'' {
				i += 2
				continue
			}
			return i + 1, acc >= utf8.RuneSelf, nil
		case '{':
			if template {
				if i+1 < len(s) && s[i+1] == '{' {
					i += 2
					continue
				}
				end := strings.IndexAny(s[i+1:], "}'")
				if end < 0 || s[i+1+end] != '}' {
					return 0, false, &Error{Filter: s, Offset: i, Len: 1, Msg: "unclosed placeholder in literal: missing '}'"}
				}
				i += end + 2
				acc = utf8.RuneSelf // the placeholder's bytes were skipped
				continue
			}
		}
		acc |= c
		i++
	}
	return 0, false, &Error{Filter: s, Offset: open, Len: 1, Msg: "unterminated string literal: missing closing quote"}
}

// isNumberStart reports whether a number literal starts at s[i]: a digit,
// or a sign or a point before a digit.
func isNumberStart(s string, i int) bool {
	c := s[i]
	return isDigit(c) || (c == '-' && i+1 < len(s) && (isDigit(s[i+1]) || s[i+1] == '.')) ||
		(c == '.' && i+1 < len(s) && isDigit(s[i+1]))
}

func scanNumber(s string, i int) int {
	if s[i] == '-' {
		i++
	}
	for i < len(s) && isDigit(s[i]) {
		i++
	}
	if i < len(s) && s[i] == '.' {
		i++
		for i < len(s) && isDigit(s[i]) {
			i++
		}
	}
	if i < len(s) && (s[i] == 'e' || s[i] == 'E') {
		j := i + 1
		if j < len(s) && (s[j] == '+' || s[j] == '-') {
			j++
		}
		if j < len(s) && isDigit(s[j]) {
			i = j
			for i < len(s) && isDigit(s[i]) {
				i++
			}
		}
	}
	// Suffixes (L for Int64; D, d, M, m, f are caught as errors later) and
	// any identifier characters glued to the number stay in the token, so
	// that 12abc is reported as one bad literal.
	for i < len(s) && (isIdentPart(s[i]) || s[i] == '.') {
		i++
	}
	return i
}

func unexpectedChar(s string, i int, r rune, size int) error {
	e := &Error{Filter: s, Offset: i, Len: size}
	switch {
	case r == '$':
		e.Msg = "unexpected '$': query options such as $orderby, $select or $top are not part of a $filter expression"
		e.Rule = RuleUnsupported
		j := i + 1
		for j < len(s) && isIdentPart(s[j]) {
			j++
		}
		if opt := s[i+1 : j]; opt != "" {
			e.Len = j - i
			e.Msg = "unexpected '$" + opt + "': query options are not part of a $filter expression"
			if opt == "orderby" || opt == "skip" || opt == "expand" || opt == "count" || opt == "search" || opt == "apply" {
				e.Msg = "the Table service does not support $" + opt + "; results always come in PartitionKey, RowKey order"
			}
		}
	case r == '"':
		e.Msg = "unexpected '\"': string literals use single quotes ('text')"
	case r == '+' || r == '*' || r == '/' || r == '%' || r == '-':
		e.Msg = "unexpected '" + string(r) + "': the Table service does not support arithmetic in a $filter"
		e.Rule = RuleUnsupported
	case r == '=' || r == '<' || r == '>' || r == '!' || r == '&' || r == '|':
		e.Msg = "unexpected '" + string(r) + "': use the OData operators eq, ne, gt, ge, lt, le, and, or, not"
	case r == '{' || r == '}':
		e.Msg = "unexpected '" + string(r) + "': placeholders are only allowed in design-file filters"
	case r == utf8.RuneError && size == 1:
		e.Msg = "invalid UTF-8 byte in filter"
	default:
		e.Msg = "unexpected character " + quoteRune(r)
	}
	return e
}

func quoteRune(r rune) string {
	if unicode.IsPrint(r) {
		return "'" + string(r) + "'"
	}
	return formatU(r)
}

func formatU(r rune) string {
	const hexd = "0123456789ABCDEF"
	b := []byte("U+0000")
	for k := 5; k >= 2; k-- {
		b[k] = hexd[r&0xF]
		r >>= 4
	}
	return string(b)
}

func pos(off int) lexer.Position { return lexer.Position{Offset: off, Line: 1, Column: off + 1} }

func isSpace(c byte) bool      { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }
func isDigit(c byte) bool      { return c >= '0' && c <= '9' }
func isIdentStart(c byte) bool { return c == '_' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') }
func isIdentPart(c byte) bool  { return isIdentStart(c) || isDigit(c) }

func truncate(s string) string {
	if len(s) > 80 {
		return s[:80]
	}
	return s
}
