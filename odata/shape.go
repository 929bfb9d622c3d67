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
