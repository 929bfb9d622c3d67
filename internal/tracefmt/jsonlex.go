package tracefmt

import (
	"fmt"
	"strconv"
	"unicode/utf16"
	"unicode/utf8"
	"unsafe"
)

// lexer reads one JSON value of a trace line, keeping the byte offset of
// every token so that errors can name a column. It is a strict JSON
// reader (RFC 8259) for the shapes a trace line has; nested values it
// does not interpret are validated and returned as raw bytes.
type lexer struct {
	buf []byte
	pos int
	// table is the table name of the line before, if any: a line naming
	// the same table shares its string instead of copying it.
	table string
}

// maxDepth bounds the nesting of values inside a trace line.
const maxDepth = 64

// lexError is a syntax or shape error at a byte offset of the line.
type lexError struct {
	off int
	msg string
}

func (e *lexError) Error() string { return e.msg }

func (l *lexer) errf(off int, format string, args ...any) error {
	return &lexError{off: off, msg: fmt.Sprintf(format, args...)}
}

func (l *lexer) ws() {
	for l.pos < len(l.buf) {
		switch l.buf[l.pos] {
		case ' ', '\t', '\r', '\n':
			l.pos++
		default:
			return
		}
	}
}

// atEnd reports whether only spaces are left.
func (l *lexer) atEnd() bool {
	l.ws()
	return l.pos >= len(l.buf)
}

// peek returns the next non-space byte, or 0 at the end.
func (l *lexer) peek() byte {
	l.ws()
	if l.pos < len(l.buf) {
		return l.buf[l.pos]
	}
	return 0
}

func (l *lexer) expect(c byte) error {
	if l.peek() != c {
		return l.unexpected(fmt.Sprintf("%q", c))
	}
	l.pos++
	return nil
}

func (l *lexer) unexpected(want string) error {
	if l.pos >= len(l.buf) {
		return l.errf(l.pos, "unexpected end of line, want %s", want)
	}
	r, _ := utf8.DecodeRune(l.buf[l.pos:])
	return l.errf(l.pos, "unexpected %q, want %s", r, want)
}

// str reads a JSON string and returns it decoded.
func (l *lexer) str() (string, error) { return l.readStr(false) }

// strView is str for a string that is used only while the line's bytes
// are: a string without escapes refers to them instead of being copied.
func (l *lexer) strView() (string, error) { return l.readStr(true) }

func (l *lexer) readStr(view bool) (string, error) {
	if l.peek() != '"' {
		return "", l.unexpected("a string")
	}
	start := l.pos
	l.pos++
	// Fast path: no escapes.
	i := l.pos
	for i < len(l.buf) {
		c := l.buf[i]
		if c == '"' {
			s := l.buf[l.pos:i]
			if !utf8.Valid(s) {
				return "", l.errf(start, "string is not valid UTF-8")
			}
			l.pos = i + 1
			if view && len(s) > 0 {
				return unsafe.String(&s[0], len(s)), nil
			}
			return string(s), nil
		}
		if c == '\\' {
			break
		}
		if c < 0x20 {
			return "", l.errf(i, "control character in string")
		}
		i++
	}
	var out []byte
	out = append(out, l.buf[l.pos:i]...)
	for i < len(l.buf) {
		c := l.buf[i]
		switch {
		case c == '"':
			if !utf8.Valid(out) {
				return "", l.errf(start, "string is not valid UTF-8")
			}
			l.pos = i + 1
			return string(out), nil
		case c < 0x20:
			return "", l.errf(i, "control character in string")
		case c != '\\':
			out = append(out, c)
			i++
			continue
		}
		if i+1 >= len(l.buf) {
			break
		}
		esc := l.buf[i+1]
		switch esc {
		case '"', '\\', '/':
			out = append(out, esc)
		case 'b':
			out = append(out, '\b')
		case 'f':
			out = append(out, '\f')
		case 'n':
			out = append(out, '\n')
		case 'r':
			out = append(out, '\r')
		case 't':
			out = append(out, '\t')
		case 'u':
			r, n, ok := hex4(l.buf[i+2:])
			if !ok {
				return "", l.errf(i, "invalid \\u escape")
			}
			i += n
			if utf16.IsSurrogate(r) {
				// A pair, or a lone surrogate (replaced, as encoding/json does).
				if i+8 <= len(l.buf) && l.buf[i+2] == '\\' && l.buf[i+3] == 'u' {
					if r2, _, ok := hex4(l.buf[i+4:]); ok {
						if d := utf16.DecodeRune(r, r2); d != utf8.RuneError {
							out = utf8.AppendRune(out, d)
							i += 2 + 6
							continue
						}
					}
				}
				r = utf8.RuneError
			}
			out = utf8.AppendRune(out, r)
			i += 2
			continue
		default:
			return "", l.errf(i, "invalid escape \\%c", esc)
		}
		i += 2
	}
	return "", l.errf(start, "unterminated string")
}

// hex4 reads the four hex digits after "\u"; n is the bytes consumed
// beyond the "\u" pair's first two bytes, that is 4.
func hex4(b []byte) (rune, int, bool) {
	if len(b) < 4 {
		return 0, 0, false
	}
	var r rune
	for _, c := range b[:4] {
		switch {
		case '0' <= c && c <= '9':
			r = r<<4 | rune(c-'0')
		case 'a' <= c && c <= 'f':
			r = r<<4 | rune(c-'a'+10)
		case 'A' <= c && c <= 'F':
			r = r<<4 | rune(c-'A'+10)
		default:
			return 0, 0, false
		}
	}
	return r, 4, true
}

// number reads a JSON number and returns its text, which refers to the
// line's bytes (as strView's strings do): callers parse it at once.
func (l *lexer) number() (string, error) {
	l.ws()
	start := l.pos
	i := l.pos
	if i < len(l.buf) && l.buf[i] == '-' {
		i++
	}
	digits := func() int {
		n := 0
		for i < len(l.buf) && '0' <= l.buf[i] && l.buf[i] <= '9' {
			i++
			n++
		}
		return n
	}
	if i < len(l.buf) && l.buf[i] == '0' {
		i++
	} else if digits() == 0 {
		return "", l.unexpected("a number")
	}
	if i < len(l.buf) && l.buf[i] == '.' {
		i++
		if digits() == 0 {
			l.pos = i
			return "", l.unexpected("a digit")
		}
	}
	if i < len(l.buf) && (l.buf[i] == 'e' || l.buf[i] == 'E') {
		i++
		if i < len(l.buf) && (l.buf[i] == '+' || l.buf[i] == '-') {
			i++
		}
		if digits() == 0 {
			l.pos = i
			return "", l.unexpected("a digit")
		}
	}
	l.pos = i
	return unsafe.String(&l.buf[start], i-start), nil
}

// float reads a JSON number as a float64.
func (l *lexer) float() (float64, error) {
	start := l.pos
	s, err := l.number()
	if err != nil {
		return 0, err
	}
	f, err := strconv.ParseFloat(s, 64)
	if err != nil {
		return 0, l.errf(start, "number %s out of range", s)
	}
	return f, nil
}

// integer reads a JSON number that must be an integer in [lo, hi].
func (l *lexer) integer(lo, hi int64) (int64, error) {
	l.ws()
	start := l.pos
	s, err := l.number()
	if err != nil {
		return 0, err
	}
	n, err := strconv.ParseInt(s, 10, 64)
	if err != nil || n < lo || n > hi {
		return 0, l.errf(start, "want an integer from %d to %d, got %s", lo, hi, s)
	}
	return n, nil
}

// literal reads true, false or null.
func (l *lexer) word(w string) bool {
	l.ws()
	if len(l.buf)-l.pos >= len(w) && string(l.buf[l.pos:l.pos+len(w)]) == w {
		l.pos += len(w)
		return true
	}
	return false
}

// skip reads and validates any JSON value, returning its raw bytes.
func (l *lexer) skip(depth int) ([]byte, error) {
	if depth > maxDepth {
		return nil, l.errf(l.pos, "values nested more than %d deep", maxDepth)
	}
	c := l.peek()
	start := l.pos
	switch {
	case c == '"':
		if _, err := l.strView(); err != nil {
			return nil, err
		}
	case c == '-' || ('0' <= c && c <= '9'):
		if _, err := l.number(); err != nil {
			return nil, err
		}
	case c == '{':
		l.pos++
		if l.peek() == '}' {
			l.pos++
			break
		}
		for {
			if _, err := l.strView(); err != nil {
				return nil, err
			}
			if err := l.expect(':'); err != nil {
				return nil, err
			}
			if _, err := l.skip(depth + 1); err != nil {
				return nil, err
			}
			if l.peek() == ',' {
				l.pos++
				continue
			}
			if err := l.expect('}'); err != nil {
				return nil, l.unexpected(`"," or "}"`)
			}
			break
		}
	case c == '[':
		l.pos++
		if l.peek() == ']' {
			l.pos++
			break
		}
		for {
			if _, err := l.skip(depth + 1); err != nil {
				return nil, err
			}
			if l.peek() == ',' {
				l.pos++
				continue
			}
			if err := l.expect(']'); err != nil {
				return nil, l.unexpected(`"," or "]"`)
			}
			break
		}
	case l.word("true"), l.word("false"), l.word("null"):
	default:
		return nil, l.unexpected("a JSON value")
	}
	return l.buf[start:l.pos], nil
}

// object calls fn for each member of an object; fn reads the value. The
// key may refer to the line's bytes (see strView): fn must copy it to
// keep it.
func (l *lexer) object(fn func(key string, keyOff int) error) error {
	if err := l.expect('{'); err != nil {
		return l.unexpected("a JSON object")
	}
	if l.peek() == '}' {
		l.pos++
		return nil
	}
	for {
		l.ws()
		off := l.pos
		k, err := l.strView()
		if err != nil {
			return err
		}
		if err := l.expect(':'); err != nil {
			return err
		}
		if err := fn(k, off); err != nil {
			return err
		}
		if l.peek() == ',' {
			l.pos++
			continue
		}
		if l.peek() != '}' {
			return l.unexpected(`"," or "}"`)
		}
		l.pos++
		return nil
	}
}

// array calls fn for each element of an array; fn reads the element.
func (l *lexer) array(fn func(i int) error) error {
	if err := l.expect('['); err != nil {
		return l.unexpected("a JSON array")
	}
	if l.peek() == ']' {
		l.pos++
		return nil
	}
	for i := 0; ; i++ {
		if err := fn(i); err != nil {
			return err
		}
		if l.peek() == ',' {
			l.pos++
			continue
		}
		if l.peek() != ']' {
			return l.unexpected(`"," or "]"`)
		}
		l.pos++
		return nil
	}
}
