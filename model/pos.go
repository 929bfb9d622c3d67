package model

import (
	"bytes"
	"sort"
	"strings"
	"unicode/utf8"

	"gopkg.in/yaml.v3"
)

// Pos returns the 1-based line and byte column of a node in the design's
// source. yaml.v3 counts columns in characters; findings count bytes, as
// Go positions do.
func (d *Design) Pos(n *yaml.Node) (line, col int) {
	if n == nil || n.Line == 0 {
		return 1, 1
	}
	i, ok := d.offset(n.Line, n.Column)
	if !ok {
		return n.Line, max(n.Column, 1)
	}
	return n.Line, i - d.lineStart(n.Line) + 1
}

// PosIn returns the line and byte column of byte off of a scalar node's
// value, looking through quoting, escapes and line folding. When the
// value cannot be matched to the source (an unusual style), it returns
// the node's own position.
func (d *Design) PosIn(n *yaml.Node, off int) (line, col int) {
	if n == nil || n.Kind != yaml.ScalarNode || n.Line == 0 {
		return d.Pos(n)
	}
	start, ok := d.offset(n.Line, n.Column)
	if !ok {
		return d.Pos(n)
	}
	m := scalarMap(d.Src, start, n)
	if m == nil || off < 0 || off > len(n.Value) {
		return d.Pos(n)
	}
	var i int
	if off == len(n.Value) {
		if off == 0 {
			return d.Pos(n)
		}
		i = m[off-1] + 1
	} else {
		i = m[off]
	}
	d.lineStart(1)
	line = sort.Search(len(d.lines), func(k int) bool { return d.lines[k] > i })
	return line, i - d.lines[line-1] + 1
}

// lineStart returns the byte offset where 1-based line begins.
func (d *Design) lineStart(line int) int {
	if d.lines == nil {
		d.lines = []int{0}
		for i, c := range d.Src {
			if c == '\n' {
				d.lines = append(d.lines, i+1)
			}
		}
	}
	if line-1 < len(d.lines) {
		return d.lines[line-1]
	}
	return len(d.Src)
}

// offset returns the byte offset of a yaml.v3 (line, character column).
func (d *Design) offset(line, col int) (int, bool) {
	if line < 1 || col < 1 {
		return 0, false
	}
	i := d.lineStart(line)
	for c := 1; c < col; c++ {
		if i >= len(d.Src) || d.Src[i] == '\n' {
			return 0, false
		}
		_, n := utf8.DecodeRune(d.Src[i:])
		i += n
	}
	return i, i <= len(d.Src)
}

// scalarMap maps each byte of n.Value to the offset in src it comes from,
// by re-reading the scalar that starts at src[start]. It returns nil if
// the reconstruction does not produce n.Value.
func scalarMap(src []byte, start int, n *yaml.Node) []int {
	var out []byte
	var m []int
	emit := func(s string, at int) {
		out = append(out, s...)
		for range len(s) {
			m = append(m, at)
		}
	}
	want := n.Value
	i := start
	switch n.Style {
	case yaml.LiteralStyle, yaml.FoldedStyle:
		return blockMap(src, start, n)
	case yaml.SingleQuotedStyle, yaml.DoubleQuotedStyle:
		i++ // opening quote
	case 0, yaml.TaggedStyle, yaml.FlowStyle:
	default:
		return nil
	}
	dq := n.Style == yaml.DoubleQuotedStyle
	sq := n.Style == yaml.SingleQuotedStyle
	for len(out) < len(want) && i < len(src) {
		c := src[i]
		switch {
		case sq && c == '\'':
			if i+1 < len(src) && src[i+1] == '\'' {
				emit("'", i)
				i += 2
				continue
			}
			return verify(out, m, want)
		case dq && c == '"':
			return verify(out, m, want)
		case dq && c == '\\' && i+1 < len(src):
			e := src[i+1]
			if e == '\n' || e == '\r' {
				// Escaped line break: nothing is emitted, and the next
				// line's leading blanks are skipped.
				i += 2
				for i < len(src) && (src[i] == ' ' || src[i] == '\t' || src[i] == '\n' || src[i] == '\r') {
					i++
				}
				continue
			}
			s, n := unescapeDQ(src[i:])
			if n == 0 {
				return nil
			}
			emit(s, i)
			i += n
		case c == ' ' || c == '\t' || c == '\n' || c == '\r':
			j := i
			for j < len(src) && (src[j] == ' ' || src[j] == '\t') {
				j++
			}
			if j < len(src) && (src[j] == '\n' || src[j] == '\r') {
				// Line folding: a break becomes a space, each further
				// empty line a newline; leading blanks are dropped.
				breaks := 0
				at := j
				for j < len(src) && (src[j] == ' ' || src[j] == '\t' || src[j] == '\n' || src[j] == '\r') {
					if src[j] == '\n' {
						breaks++
					}
					j++
				}
				if breaks <= 1 {
					emit(" ", at)
				} else {
					emit(strings.Repeat("\n", breaks-1), at)
				}
				i = j
				continue
			}
			emit(string(src[i:j]), i)
			for k := i; k < j; k++ {
				m[len(m)-(j-k)] = k
			}
			i = j
		default:
			_, size := utf8.DecodeRune(src[i:])
			emit(string(src[i:i+size]), i)
			for k := 0; k < size; k++ {
				m[len(m)-size+k] = i + k
			}
			i += size
		}
	}
	return verify(out, m, want)
}

func verify(out []byte, m []int, want string) []int {
	if string(out) != want {
		return nil
	}
	return m
}

var dqEscapes = map[byte]string{
	'0': "\x00", 'a': "\a", 'b': "\b", 't': "\t", '\t': "\t", 'n': "\n", 'v': "\v",
	'f': "\f", 'r': "\r", 'e': "\x1b", ' ': " ", '"': "\"", '/': "/", '\\': "\\",
	'N': "\u0085", '_': "\u00a0", 'L': "\u2028", 'P': "\u2029",
}

// unescapeDQ decodes the escape at the start of b and returns its value
// and length; 0 length if malformed.
func unescapeDQ(b []byte) (string, int) {
	if s, ok := dqEscapes[b[1]]; ok {
		return s, 2
	}
	width := map[byte]int{'x': 2, 'u': 4, 'U': 8}[b[1]]
	if width == 0 || len(b) < 2+width {
		return "", 0
	}
	var r rune
	for _, c := range b[2 : 2+width] {
		var v byte
		switch {
		case c >= '0' && c <= '9':
			v = c - '0'
		case c >= 'a' && c <= 'f':
			v = c - 'a' + 10
		case c >= 'A' && c <= 'F':
			v = c - 'A' + 10
		default:
			return "", 0
		}
		r = r<<4 | rune(v)
	}
	return string(r), 2 + width
}

// blockMap maps a literal (|) or folded (>) block scalar. Only the common
// shapes are handled: content lines at one indentation; anything else
// falls back to the node position through verification.
func blockMap(src []byte, start int, n *yaml.Node) []int {
	// Skip the header line.
	nl := bytes.IndexByte(src[start:], '\n')
	if nl < 0 {
		return nil
	}
	i := start + nl + 1
	indent := -1
	var out []byte
	var m []int
	folded := n.Style == yaml.FoldedStyle
	pendingBreaks, pendingAt := 0, 0
	for i < len(src) && len(out) < len(n.Value) {
		end := bytes.IndexByte(src[i:], '\n')
		if end < 0 {
			end = len(src) - i
		}
		line := src[i : i+end]
		trimmed := bytes.TrimLeft(line, " ")
		if len(bytes.TrimSpace(line)) == 0 {
			pendingBreaks++
			i += end + 1
			continue
		}
		ind := len(line) - len(trimmed)
		if indent < 0 {
			indent = ind
		}
		if ind < indent {
			break
		}
		if len(out) > 0 {
			switch {
			case folded && pendingBreaks == 0 && ind == indent:
				out, m = append(out, ' '), append(m, pendingAt)
			default:
				k := pendingBreaks + 1
				if folded && ind == indent {
					k = pendingBreaks
				}
				for range k {
					out, m = append(out, '\n'), append(m, pendingAt)
				}
			}
		}
		pendingBreaks = 0
		for k := indent; k < len(line); k++ {
			out, m = append(out, line[k]), append(m, i+k)
		}
		pendingAt = i + end
		i += end + 1
	}
	// Trailing newlines (clip/keep chomping) map to the last line end.
	for len(out) < len(n.Value) && n.Value[len(out)] == '\n' {
		out, m = append(out, '\n'), append(m, pendingAt)
	}
	return verify(out, m, n.Value)
}
