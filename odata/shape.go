package odata

import (
	"sync"

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
	root                        *Filter
	exprs, terms, factors, cmps int
	termRefs, factorRefs        int
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
		case *Comparison:
			s.cmps++
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

// instantiate copies the skeleton's structure into fresh nodes with a
// handful of bulk allocations. Literals get only their Raw text from toks;
// offsets and values are set by decodeLiterals.
func (s *skeleton) instantiate(toks []lexer.Token) *Filter {
	in := instantiator{
		exprs:      make([]Expr, s.exprs),
		terms:      make([]Term, s.terms),
		factors:    make([]Factor, s.factors),
		cmps:       make([]Comparison, s.cmps),
		termRefs:   make([]*Term, s.termRefs),
		factorRefs: make([]*Factor, s.factorRefs),
		toks:       toks,
	}
	f := &Filter{}
	if s.root.Expr != nil {
		f.Expr = in.expr(s.root.Expr)
	}
	return f
}

type instantiator struct {
	exprs      []Expr
	terms      []Term
	factors    []Factor
	cmps       []Comparison
	termRefs   []*Term
	factorRefs []*Factor
	toks       []lexer.Token
	tok        int // next token to look at for comparisons
}

func (in *instantiator) expr(src *Expr) *Expr {
	e := &in.exprs[0]
	in.exprs = in.exprs[1:]
	e.Terms = in.termRefs[:len(src.Terms):len(src.Terms)]
	in.termRefs = in.termRefs[len(src.Terms):]
	for i, t := range src.Terms {
		e.Terms[i] = in.term(t)
	}
	return e
}

func (in *instantiator) term(src *Term) *Term {
	t := &in.terms[0]
	in.terms = in.terms[1:]
	t.Factors = in.factorRefs[:len(src.Factors):len(src.Factors)]
	in.factorRefs = in.factorRefs[len(src.Factors):]
	for i, f := range src.Factors {
		t.Factors[i] = in.factor(f)
	}
	return t
}

func (in *instantiator) factor(src *Factor) *Factor {
	f := &in.factors[0]
	in.factors = in.factors[1:]
	switch {
	case src.Cmp != nil:
		c := &in.cmps[0]
		in.cmps = in.cmps[1:]
		for in.toks[in.tok].Type != tokIdent {
			in.tok++
		}
		c.Property = in.toks[in.tok].Value
		c.Op = src.Cmp.Op
		c.Value.Raw = in.toks[in.tok+2].Value
		in.tok += 3
		f.Cmp = c
	case src.Group != nil:
		f.Group = in.expr(src.Group)
	case src.Not != nil:
		f.Not = in.factor(src.Not)
	}
	return f
}
