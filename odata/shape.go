package odata

import (
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/alecthomas/participle/v2/lexer"
)

// The shape cache. A filter's shape is its token stream with the literal
// values lifted out: "PartitionKey eq 'Sales' and RowKey eq '1'" and
// "PartitionKey eq 'HR' and RowKey eq '7'" have one shape. The grammar only
// looks at a literal token's type, never its text, and checkTokens only
// at identifiers, keywords and punctuation, so two filters of one shape
// parse to trees of one structure, and either both pass the token checks
// or both fail them alike. The participle parser therefore runs once per
// shape; later filters of that shape copy the checked tree's structure in
// a few bulk allocations and decode their own literals (which can still
// fail, with their own positions).
//
// Filters are parsed by applications, analyzers and replays with a small
// number of shapes and a large number of literal values, which is the case
// this makes cheap. The cache holds at most maxShapes shapes and is
// cleared when full.

const maxShapes = 4096

type shapeCache struct {
	mu     sync.RWMutex
	shapes map[string]*skeleton
}

var shapes = shapeCache{shapes: make(map[string]*skeleton)}

// cacheEnabled can be turned off by tests and benchmarks that measure the
// participle path.
var cacheEnabled = true

// skeleton is the structure of a parsed filter, and how many nodes of each
// kind a copy needs.
type skeleton struct {
	root                  *Filter
	exprs, terms, factors int
	termRefs, factorRefs  int
}

func (c *shapeCache) get(key []byte) *skeleton {
	c.mu.RLock()
	s := c.shapes[string(key)]
	c.mu.RUnlock()
	return s
}

func (c *shapeCache) put(key []byte, f *Filter) {
	s := &skeleton{root: f}
	Inspect(f, func(n Node) bool {
		switch n := n.(type) {
		case *Expr:
			s.exprs++
			s.termRefs += len(n.Terms)
		case *Term:
			s.terms++
			s.factorRefs += len(n.Factors)
		case *Factor:
			s.factors++
		}
		return true
	})
	c.mu.Lock()
	if len(c.shapes) >= maxShapes {
		clear(c.shapes)
	}
	c.shapes[string(key)] = s
	c.mu.Unlock()
}

// shapeKey appends the shape of toks to buf: each token's type, and the
// text of every token but literals.
func shapeKey(buf []byte, toks []lexer.Token) []byte {
	for _, t := range toks {
		buf = append(buf, byte(-t.Type))
		if t.Type != tokLiteral {
			buf = append(buf, t.Value...)
			buf = append(buf, 0)
		}
	}
	return buf
}

// filterBlock is a filter, its root expression and, for a root that is a
// single conjunction (the common case), its one term, allocated together.
type filterBlock struct {
	f    Filter
	e    Expr
	t    Term
	tref [1]*Term
}

// cmpFactor is a factor and the comparison it holds, allocated together;
// a factor that is a group or a not leaves its comparison unused.
type cmpFactor struct {
	f Factor
	c Comparison
}

// instantiate copies the skeleton's structure into fresh nodes with a
// handful of bulk allocations (three for a filter without parentheses or
// a top-level or). Literals get only their Raw text from toks; offsets and
// values are set by decodeLiterals.
func (s *skeleton) instantiate(toks []lexer.Token) *Filter {
	b := &filterBlock{}
	if s.root.Expr == nil {
		return &b.f
	}
	in := instantiator{
		factors:    make([]cmpFactor, s.factors),
		factorRefs: make([]*Factor, s.factorRefs),
		toks:       toks,
	}
	root := s.root.Expr
	exprs, terms, termRefs := s.exprs-1, s.terms, s.termRefs
	if len(root.Terms) == 1 {
		terms--
		termRefs--
	}
	if exprs > 0 {
		in.exprs = make([]Expr, exprs)
	}
	if terms > 0 {
		in.terms = make([]Term, terms)
		in.termRefs = make([]*Term, termRefs)
	}
	b.f.Expr = &b.e
	if len(root.Terms) == 1 {
		b.tref[0] = &b.t
		b.e.Terms = b.tref[:]
		in.fillTerm(&b.t, root.Terms[0])
	} else {
		in.fillExpr(&b.e, root)
	}
	return &b.f
}

type instantiator struct {
	exprs      []Expr
	terms      []Term
	factors    []cmpFactor
	termRefs   []*Term
	factorRefs []*Factor
	toks       []lexer.Token
	tok        int // next token to look at for comparisons
}

func (in *instantiator) fillExpr(e *Expr, src *Expr) {
	e.Terms = in.termRefs[:len(src.Terms):len(src.Terms)]
	in.termRefs = in.termRefs[len(src.Terms):]
	for i, st := range src.Terms {
		t := &in.terms[0]
		in.terms = in.terms[1:]
		in.fillTerm(t, st)
		e.Terms[i] = t
	}
}

func (in *instantiator) fillTerm(t *Term, src *Term) {
	t.Factors = in.factorRefs[:len(src.Factors):len(src.Factors)]
	in.factorRefs = in.factorRefs[len(src.Factors):]
	for i, f := range src.Factors {
		t.Factors[i] = in.factor(f)
	}
}

func (in *instantiator) factor(src *Factor) *Factor {
	fc := &in.factors[0]
	in.factors = in.factors[1:]
	f := &fc.f
	switch {
	case src.Cmp != nil:
		c := &fc.c
		for in.toks[in.tok].Type != tokIdent {
			in.tok++
		}
		c.Property = in.toks[in.tok].Value
		c.Op = src.Cmp.Op
		c.Value.Raw = in.toks[in.tok+2].Value
		in.tok += 3
		f.Cmp = c
	case src.Group != nil:
		e := &in.exprs[0]
		in.exprs = in.exprs[1:]
		in.fillExpr(e, src.Group)
		f.Group = e
	case src.Not != nil:
		f.Not = in.factor(src.Not)
	}
	return f
}

// Shape returns a filter's shape as text: the filter with every literal
// replaced by "?" and every run of blanks by one space. A typed literal
// keeps its prefix in lower case (datetime?, guid?, x?, binary?) and a
// number its type suffix in upper case (?L, ?D), so that literals of
// different types stay apart; true and false are "?" like the others.
// Filters of one shape are the same query with different parameters:
// "PartitionKey eq 'Sales' and RowKey eq '1'" and
// "PartitionKey eq 'HR' and RowKey eq '7'" are both
// "PartitionKey eq ? and RowKey eq ?".
//
// Shape is lexical and never fails: an invalid filter has a shape too. It
// splits the text with the scanners Parse's lexer uses, and for every
// filter that parses it agrees with that lexer token for token (FuzzShape
// checks this).
func Shape(filter string) string {
	var b strings.Builder
	b.Grow(len(filter))
	s := filter
	space := false
	for i := 0; i < len(s); {
		c := s[i]
		if isSpace(c) {
			space = true
			i++
			continue
		}
		if space && b.Len() > 0 {
			b.WriteByte(' ')
		}
		space = false
		start := i
		switch {
		case c == '\'':
			i = skipQuoted(s, i)
			b.WriteByte('?')
		case isNumberStart(s, i):
			i = scanNumber(s, i)
			writeNumberShape(&b, s[start:i])
		case isIdentStart(c) || c >= utf8.RuneSelf:
			i++
			for i < len(s) && (isIdentPart(s[i]) || s[i] >= utf8.RuneSelf) {
				i++
			}
			word := s[start:i]
			switch {
			case i < len(s) && s[i] == '\'': // datetime'…', guid'…', X'…', binary'…'
				writeLower(&b, word)
				b.WriteByte('?')
				i = skipQuoted(s, i)
			case word == "true" || word == "false":
				b.WriteByte('?')
			default:
				b.WriteString(word)
			}
		default:
			b.WriteByte(c)
			i++
		}
	}
	return b.String()
}

// literalShape is Shape's text for one literal token of a filter that
// lexed.
func literalShape(b *strings.Builder, raw string) {
	switch {
	case raw[0] == '\'' || raw == "true" || raw == "false":
		b.WriteByte('?')
	case isNumberStart(raw, 0):
		writeNumberShape(b, raw)
	default:
		q := strings.IndexByte(raw, '\'')
		writeLower(b, raw[:q])
		b.WriteByte('?')
	}
}

// writeNumberShape writes "?" and the number's type suffix, if any.
func writeNumberShape(b *strings.Builder, num string) {
	b.WriteByte('?')
	if last := num[len(num)-1]; len(num) > 1 && strings.IndexByte("LlDdMmFf", last) >= 0 {
		b.WriteByte(last &^ 0x20)
	}
}

func writeLower(b *strings.Builder, word string) {
	for i := 0; i < len(word); i++ {
		c := word[i]
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		b.WriteByte(c)
	}
}

// skipQuoted returns the offset after the quoted text starting at the
// quote s[i], where two quotes stand for one; len(s) if it is unterminated.
func skipQuoted(s string, i int) int {
	for j := i + 1; j < len(s); j++ {
		if s[j] == '\'' {
			if j+1 < len(s) && s[j+1] == '\'' {
				j++
				continue
			}
			return j + 1
		}
	}
	return len(s)
}

// tokenShape is Shape computed from the lexer's tokens (without the
// spaces between them), for the tests that hold Shape to the lexer.
func tokenShape(s string) (string, error) {
	toks, err := lex(s, false)
	if err != nil {
		return "", err
	}
	var b strings.Builder
	for _, t := range toks {
		switch t.Type {
		case tokEOF:
		case tokLiteral:
			literalShape(&b, t.Value)
		default:
			b.WriteString(t.Value)
		}
	}
	return b.String(), nil
}
