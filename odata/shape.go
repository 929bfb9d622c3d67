package odata

import (
	"reflect"
	"strings"
	"sync"
	"sync/atomic"
	"unicode/utf8"
	"unsafe"
)

// The shape cache. A filter's shape is its token stream with the literal
// values lifted out: "PartitionKey eq 'Sales' and RowKey eq '1'" and
// "PartitionKey eq 'HR' and RowKey eq '7'" have one shape. The grammar only
// looks at a literal token's type, never its text, and checkTokens only
// at identifiers, keywords and punctuation, so two filters of one shape
// parse to trees of one structure, and either both pass the token checks
// or both fail them alike. The participle parser therefore runs once per
// shape; later filters of that shape copy the checked tree's structure
// into one allocation and decode their own literals (which can still fail,
// with their own positions).
//
// Filters are parsed by applications, analyzers and replays with a small
// number of shapes and a large number of literal values, which is the case
// this makes cheap. The cache holds at most maxShapes shapes and is
// cleared when full.
//
// A lookup takes the hash of the tokens that the lexer computes
// (mixShape) and compares the skeletons in the hash's probe sequence with
// the tokens (skeleton.matches); no key is built and no lock taken. The
// table is open addressing with linear probing, at most half full;
// writers hold mu, readers load the slots atomically, and a reader that
// races with a clear sees a miss and parses the filter with participle.

const maxShapes = 4096

// tableSlots is the size of the table: a power of two, twice maxShapes.
const tableSlots = 2 * maxShapes

type shapeCache struct {
	mu    sync.Mutex
	n     int // skeletons in slots
	slots [tableSlots]atomic.Pointer[skeleton]
}

var shapes shapeCache

// cacheEnabled can be turned off by tests and benchmarks that measure the
// participle path.
var cacheEnabled = true

// skeleton is the structure of a parsed filter, how many nodes of each
// kind a copy needs, and the layout of a copy: every node of a copy is in
// one allocation of a struct type made for the counts (block, below).
type skeleton struct {
	// hash and key identify the shape: the lexer's hash (mixShape) and
	// shapeKey of the tokens the skeleton was parsed from.
	hash uint64
	key  string

	root                 *Filter
	exprs, terms         int
	termRefs, factorRefs int
	// cmps counts the factors that are comparisons, others the groups
	// and negations.
	cmps, others int

	// links and slots make a copy (see compile).
	links []link
	slots []cmpSlot

	block reflect.Type
	// alloc allocates a block when its type is declared in Go (see
	// flatKinds); nil for a type made with reflect.
	alloc func() unsafe.Pointer
	// The offsets in block of its arrays of comparison factors, other
	// factors, factor references, expressions, terms and term references;
	// the filterBlock is at 0.
	offCmps, offOthers, offFactorRefs, offExprs, offTerms, offTermRefs uintptr
}

// layout computes the block type of a skeleton whose counts are set: a
// filterBlock (the filter, the root expression and, when the root is a
// single conjunction, its term), then an array for each other kind of
// node. reflect.StructOf gives the block the memory layout, and so the
// pointer map for the collector, that a Go struct type with those array
// lengths would have; one allocation of it replaces up to six.
//
// The runtime never frees a type reflect makes, so the block types are
// kept in layouts, at most maxLayouts of them; layout reports false for a
// skeleton that would need one more, and that shape is not cached.
func (s *skeleton) layout() bool {
	exprs, terms, termRefs := s.extra()
	if s.others == 0 && exprs == 0 && terms == 0 && termRefs == 0 && s.cmps == s.factorRefs && s.cmps < len(flatKinds) {
		s.setBlock(flatKinds[s.cmps].typ)
		s.alloc = flatKinds[s.cmps].alloc
		return true
	}
	counts := [6]int{s.cmps, s.others, s.factorRefs, exprs, terms, termRefs}
	layouts.Lock()
	defer layouts.Unlock()
	block, ok := layouts.types[counts]
	if !ok {
		if len(layouts.types) >= maxLayouts {
			return false
		}
		block = blockType(s.cmps, s.others, s.factorRefs, exprs, terms, termRefs)
		layouts.types[counts] = block
	}
	s.setBlock(block)
	return true
}

// setBlock sets the block type of the skeleton and the offsets of its
// arrays.
func (s *skeleton) setBlock(block reflect.Type) {
	s.block = block
	s.offCmps = s.block.Field(1).Offset
	s.offOthers = s.block.Field(2).Offset
	s.offFactorRefs = s.block.Field(3).Offset
	s.offExprs = s.block.Field(4).Offset
	s.offTerms = s.block.Field(5).Offset
	s.offTermRefs = s.block.Field(6).Offset
}

// block is the Go type of a block whose array types are known when the
// package is compiled. blockType makes the same struct with reflect.
type block[C, F, FR, E, T, TR any] struct {
	B  filterBlock
	C  C
	F  F
	FR FR
	E  E
	T  T
	TR TR
}

// blockKind is a block type declared in Go and a function that allocates
// one, without reflect.New's look-up of the pointer type.
type blockKind struct {
	typ   reflect.Type
	alloc func() unsafe.Pointer
}

// flatKind is the blockKind of a single conjunction of comparisons: C
// and FR are arrays of as many cmpFactors and *Factors.
func flatKind[C, FR any]() blockKind {
	return blockKind{
		typ: reflect.TypeFor[block[C, [0]Factor, FR, [0]Expr, [0]Term, [0]*Term]](),
		alloc: func() unsafe.Pointer {
			return unsafe.Pointer(new(block[C, [0]Factor, FR, [0]Expr, [0]Term, [0]*Term]))
		},
	}
}

// flatKinds are the blocks of filters that are a conjunction of 1 to 8
// comparisons (most filters), by the number of comparisons; they take
// none of the maxLayouts block types made with reflect.
var flatKinds = [...]blockKind{
	1: flatKind[[1]cmpFactor, [1]*Factor](),
	2: flatKind[[2]cmpFactor, [2]*Factor](),
	3: flatKind[[3]cmpFactor, [3]*Factor](),
	4: flatKind[[4]cmpFactor, [4]*Factor](),
	5: flatKind[[5]cmpFactor, [5]*Factor](),
	6: flatKind[[6]cmpFactor, [6]*Factor](),
	7: flatKind[[7]cmpFactor, [7]*Factor](),
	8: flatKind[[8]cmpFactor, [8]*Factor](),
}

// maxLayouts bounds the number of block types made: filters with more
// distinct node counts than this are parsed without the cache.
const maxLayouts = 1024

// layouts holds the block types made so far, by node counts.
var layouts = struct {
	sync.Mutex
	types map[[6]int]reflect.Type
}{types: make(map[[6]int]reflect.Type)}

// blockType makes the struct type of a block with these counts.
func blockType(cmps, others, factorRefs, exprs, terms, termRefs int) reflect.Type {
	fields := []reflect.StructField{
		{Name: "B", Type: reflect.TypeFor[filterBlock]()},
		{Name: "C", Type: reflect.ArrayOf(cmps, reflect.TypeFor[cmpFactor]())},
		{Name: "F", Type: reflect.ArrayOf(others, reflect.TypeFor[Factor]())},
		{Name: "FR", Type: reflect.ArrayOf(factorRefs, reflect.TypeFor[*Factor]())},
		{Name: "E", Type: reflect.ArrayOf(exprs, reflect.TypeFor[Expr]())},
		{Name: "T", Type: reflect.ArrayOf(terms, reflect.TypeFor[Term]())},
		{Name: "TR", Type: reflect.ArrayOf(termRefs, reflect.TypeFor[*Term]())},
	}
	return reflect.StructOf(fields)
}

// extra returns how many expressions, terms and term references a copy
// needs besides those in its filterBlock.
func (s *skeleton) extra() (exprs, terms, termRefs int) {
	exprs, terms, termRefs = s.exprs-1, s.terms, s.termRefs
	if s.root.Expr != nil && len(s.root.Expr.Terms) == 1 {
		terms--
		termRefs--
	}
	return max(exprs, 0), max(terms, 0), max(termRefs, 0)
}

// get returns the skeleton of the shape of toks, lexed from s with the
// shape hash h; nil if the cache does not hold it.
func (c *shapeCache) get(h uint64, s string, toks []token) *skeleton {
	for i := h; ; i++ {
		sk := c.slots[i%tableSlots].Load()
		if sk == nil {
			return nil
		}
		if sk.hash == h && sk.matches(s, toks) {
			return sk
		}
	}
}

// put stores f, a tree just built by the participle parser from toks
// (lexed from s, shape hash h), as the skeleton of their shape, and
// returns the skeleton: f's, or the one another goroutine stored first.
// It returns nil, and f stays the caller's, when no more block types may
// be made (see layout).
func (c *shapeCache) put(h uint64, s string, toks []token, f *Filter) *skeleton {
	sk := &skeleton{hash: h, root: f}
	Inspect(f, func(n Node) bool {
		switch n := n.(type) {
		case *Expr:
			sk.exprs++
			sk.termRefs += len(n.Terms)
		case *Term:
			sk.terms++
			sk.factorRefs += len(n.Factors)
		case *Factor:
			if n.Cmp != nil {
				sk.cmps++
			} else {
				sk.others++
			}
		}
		return true
	})
	if !sk.layout() {
		return nil
	}
	sk.compile(toks)
	sk.key = string(shapeKey(nil, s, toks))
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.n >= maxShapes {
		c.clearLocked()
	}
	for i := h; ; i++ {
		slot := &c.slots[i%tableSlots]
		old := slot.Load()
		if old == nil {
			slot.Store(sk)
			c.n++
			return sk
		}
		if old.hash == h && old.matches(s, toks) {
			return old
		}
	}
}

// clearLocked empties the cache; c.mu is held.
func (c *shapeCache) clearLocked() {
	for i := range c.slots {
		c.slots[i].Store(nil)
	}
	c.n = 0
}

// shapeKey appends the shape of toks, lexed from s, to buf: each token's
// type; for a property name its text and a 0; for an operator, keyword
// or punctuation mark the first and last bytes of its text, which tell
// it from the others of its type (eq ne gt ge lt le, and or not, ( ) ,).
func shapeKey(buf []byte, s string, toks []token) []byte {
	for _, t := range toks {
		buf = append(buf, byte(-t.typ))
		switch t.typ {
		case tokLiteral, tokEOF:
		case tokIdent:
			buf = append(buf, s[t.off:t.end]...)
			buf = append(buf, 0)
		default:
			buf = append(buf, s[t.off], s[t.end-1])
		}
	}
	return buf
}

// matches reports whether toks, lexed from text, have the skeleton's shape:
// whether shapeKey of them would be sk.key, without building it.
func (s *skeleton) matches(text string, toks []token) bool {
	key := s.key
	j := 0
	for _, t := range toks {
		if j >= len(key) || key[j] != byte(-t.typ) {
			return false
		}
		j++
		switch t.typ {
		case tokLiteral, tokEOF:
		case tokIdent:
			end := j + int(t.end-t.off)
			if end >= len(key) || key[end] != 0 || key[j:end] != text[t.off:t.end] {
				return false
			}
			j = end + 1
		default:
			if j+1 >= len(key) || key[j] != text[t.off] || key[j+1] != text[t.end-1] {
				return false
			}
			j += 2
		}
	}
	return j == len(key)
}

// mixShape mixes a token into the shape hash the lexer computes, which
// hashes what shapeKey holds: the token's type and x, which is textHash
// of a property name, the first and last bytes of an operator, keyword
// or punctuation mark (shifted by 8 and 16 bits), and 0 for others.
func mixShape(h uint64, typ tokType, x uint64) uint64 {
	const mul = 0x9e3779b97f4a7c15
	h = (h ^ uint64(uint8(-typ)) ^ x) * mul
	return h ^ h>>29
}

// textHash mixes the bytes of a token's text into a word.
func textHash(w string) uint64 {
	const mul = 0xbf58476d1ce4e5b9
	n := len(w)
	p := unsafe.Pointer(unsafe.StringData(w))
	switch {
	case n >= 8:
		var x uint64
		for n > 8 {
			x = (x ^ *(*uint64)(p)) * mul
			p = unsafe.Add(p, 8)
			n -= 8
		}
		return (x^*(*uint64)(unsafe.Add(p, n-8)))*mul ^ uint64(len(w))
	case n >= 4:
		lo, hi := *(*uint32)(p), *(*uint32)(unsafe.Add(p, n-4))
		return uint64(lo) | uint64(hi)<<32 ^ uint64(n)<<59
	case n > 0:
		b := unsafe.Slice((*byte)(p), n)
		return uint64(b[0]) | uint64(b[n>>1])<<8 | uint64(b[n-1])<<16 | uint64(n)<<24
	}
	return 0
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

// link is one step of making a copy of a skeleton: the word at off in
// the block is set to the address of target in the block; with n > 0 the
// word is a slice's pointer, and the slice's length and capacity are n.
type link struct {
	off, target uint32
	n           uint32
}

// cmpSlot is a comparison of a copy: the offset of its cmpFactor in the
// block, its operator, and the index of its property name among the
// tokens (its literal is two tokens further on). The tokens of filters of
// one shape have the same types, so the index holds for all of them.
type cmpSlot struct {
	off uint32
	op  Op
	tok uint32
}

// compile computes the links and comparison slots of the skeleton's
// copies from its tree and the tokens it was parsed from: the structure
// a recursive walk of the tree would build, laid out once, so that
// instantiate is two flat loops.
func (s *skeleton) compile(toks []token) {
	c := compiler{
		sk:     s,
		cmps:   s.offCmps,
		others: s.offOthers,
		fRefs:  s.offFactorRefs,
		exprs:  s.offExprs,
		terms:  s.offTerms,
		tRefs:  s.offTermRefs,
		toks:   toks,
	}
	root := s.root.Expr
	if root == nil {
		return
	}
	const (
		offE    = unsafe.Offsetof(filterBlock{}.e)
		offT    = unsafe.Offsetof(filterBlock{}.t)
		offTref = unsafe.Offsetof(filterBlock{}.tref)
	)
	c.ptr(unsafe.Offsetof(filterBlock{}.f)+unsafe.Offsetof(Filter{}.Expr), offE, 0)
	if len(root.Terms) == 1 {
		c.ptr(offTref, offT, 0)
		c.ptr(offE+unsafe.Offsetof(Expr{}.Terms), offTref, 1)
		c.term(offT, root.Terms[0])
	} else {
		c.expr(offE, root)
	}
}

// compiler hands out the nodes of a block in depth-first source order,
// as a walk of the tree meets them; each field is the offset of the next free node of its
// kind.
type compiler struct {
	sk                                       *skeleton
	cmps, others, fRefs, exprs, terms, tRefs uintptr
	toks                                     []token
	nextTok                                  int
}

func (c *compiler) ptr(off, target uintptr, n int) {
	c.sk.links = append(c.sk.links, link{off: uint32(off), target: uint32(target), n: uint32(n)})
}

func (c *compiler) expr(off uintptr, src *Expr) {
	refs := c.tRefs
	c.tRefs += uintptr(len(src.Terms)) * unsafe.Sizeof((*Term)(nil))
	c.ptr(off+unsafe.Offsetof(Expr{}.Terms), refs, len(src.Terms))
	for i, st := range src.Terms {
		t := c.terms
		c.terms += unsafe.Sizeof(Term{})
		c.term(t, st)
		c.ptr(refs+uintptr(i)*unsafe.Sizeof((*Term)(nil)), t, 0)
	}
}

func (c *compiler) term(off uintptr, src *Term) {
	refs := c.fRefs
	c.fRefs += uintptr(len(src.Factors)) * unsafe.Sizeof((*Factor)(nil))
	c.ptr(off+unsafe.Offsetof(Term{}.Factors), refs, len(src.Factors))
	for i, sf := range src.Factors {
		f := c.factor(sf)
		c.ptr(refs+uintptr(i)*unsafe.Sizeof((*Factor)(nil)), f, 0)
	}
}

// factor lays out a copy of src and returns its offset.
func (c *compiler) factor(src *Factor) uintptr {
	if src.Cmp != nil {
		off := c.cmps
		c.cmps += unsafe.Sizeof(cmpFactor{})
		for c.toks[c.nextTok].typ != tokIdent {
			c.nextTok++
		}
		c.sk.slots = append(c.sk.slots, cmpSlot{off: uint32(off), op: src.Cmp.Op, tok: uint32(c.nextTok)})
		c.nextTok += 3
		c.ptr(off+unsafe.Offsetof(Factor{}.Cmp), off+unsafe.Offsetof(cmpFactor{}.c), 0)
		return off
	}
	off := c.others
	c.others += unsafe.Sizeof(Factor{})
	if src.Group != nil {
		e := c.exprs
		c.exprs += unsafe.Sizeof(Expr{})
		c.expr(e, src.Group)
		c.ptr(off+unsafe.Offsetof(Factor{}.Group), e, 0)
		return off
	}
	n := c.factor(src.Not)
	c.ptr(off+unsafe.Offsetof(Factor{}.Not), n, 0)
	return off
}

// sliceHeader is the layout of a slice.
type sliceHeader struct {
	data     unsafe.Pointer
	len, cap int
}

// instantiate copies the skeleton's structure into fresh nodes, all in one
// allocation of the skeleton's block type, and fills in the comparisons
// from the tokens of text, the filter being parsed, decoding their
// literals in source order. With sc, a block of sc's of this skeleton
// is cleared and reused; a new block takes the place of sc's oldest.
func (s *skeleton) instantiate(text string, toks []token, template bool, sc *Scratch) (*Filter, error) {
	var base unsafe.Pointer
	if sc != nil {
		for i := range sc.blocks {
			if b := &sc.blocks[i]; b.sk == s {
				base = b.base
				reflect.NewAt(s.block, base).Elem().SetZero()
				break
			}
		}
	}
	if base == nil {
		if s.alloc != nil {
			base = s.alloc()
		} else {
			base = reflect.New(s.block).UnsafePointer()
		}
		if sc != nil {
			b := &sc.blocks[sc.next]
			b.sk, b.base = s, base
			sc.next = (sc.next + 1) % len(sc.blocks)
		}
	}
	b := (*filterBlock)(base)
	b.f.Text, b.f.Template = text, template
	for _, l := range s.links {
		if l.n == 0 {
			*(*unsafe.Pointer)(unsafe.Add(base, l.off)) = unsafe.Add(base, l.target)
			continue
		}
		h := (*sliceHeader)(unsafe.Add(base, l.off))
		h.data = unsafe.Add(base, l.target)
		h.len, h.cap = int(l.n), int(l.n)
	}
	for _, sl := range s.slots {
		c := &(*cmpFactor)(unsafe.Add(base, sl.off)).c
		c.Op = sl.op
		if err := fillComparison(c, toks[sl.tok], toks[sl.tok+2], text, template); err != nil {
			return nil, err
		}
	}
	return &b.f, nil
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
	return string(AppendShape(make([]byte, 0, len(filter)), filter))
}

// AppendShape appends Shape(filter) to b and returns the extended
// buffer: a caller that looks shapes up in a map can do so without
// building a string per filter.
func AppendShape(b []byte, filter string) []byte {
	s := filter
	space, empty := false, true
	for i := 0; i < len(s); {
		c := s[i]
		if isSpace(c) {
			space = true
			i++
			continue
		}
		if space && !empty {
			b = append(b, ' ')
		}
		space, empty = false, false
		start := i
		switch {
		case c == '\'':
			i = skipQuoted(s, i)
			b = append(b, '?')
		case isNumberStart(s, i):
			i = scanNumber(s, i)
			b = appendNumberShape(b, s[start:i])
		case isIdentStart(c) || c >= utf8.RuneSelf:
			i++
			for i < len(s) && (isIdentPart(s[i]) || s[i] >= utf8.RuneSelf) {
				i++
			}
			word := s[start:i]
			switch {
			case i < len(s) && s[i] == '\'': // datetime'…', guid'…', X'…', binary'…'
				b = appendLower(b, word)
				b = append(b, '?')
				i = skipQuoted(s, i)
			case word == "true" || word == "false":
				b = append(b, '?')
			default:
				b = append(b, word...)
			}
		default:
			b = append(b, c)
			i++
		}
	}
	return b
}

// appendLiteralShape appends Shape's text for one literal token of a
// filter that lexed.
func appendLiteralShape(b []byte, raw string) []byte {
	switch {
	case raw[0] == '\'' || raw == "true" || raw == "false":
		return append(b, '?')
	case isNumberStart(raw, 0):
		return appendNumberShape(b, raw)
	default:
		q := strings.IndexByte(raw, '\'')
		return append(appendLower(b, raw[:q]), '?')
	}
}

// appendNumberShape appends "?" and the number's type suffix, if any.
func appendNumberShape(b []byte, num string) []byte {
	b = append(b, '?')
	if last := num[len(num)-1]; len(num) > 1 && strings.IndexByte("LlDdMmFf", last) >= 0 {
		b = append(b, last&^0x20)
	}
	return b
}

func appendLower(b []byte, word string) []byte {
	for i := 0; i < len(word); i++ {
		c := word[i]
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		b = append(b, c)
	}
	return b
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
	var b []byte
	for _, t := range toks {
		switch t.Type {
		case tokEOF:
		case tokLiteral:
			b = appendLiteralShape(b, t.Value)
		default:
			b = append(b, t.Value...)
		}
	}
	return string(b), nil
}
