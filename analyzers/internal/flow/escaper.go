package flow

import (
	"go/constant"
	"go/token"
	"go/types"
	"math"
	"strings"

	"golang.org/x/tools/go/ssa"
)

// A hand-written escaper: a function whose result is built by one loop
// over the characters (runes or bytes) of a string parameter, written to
// a []byte, a []rune, a strings.Builder / bytes.Buffer or a string the
// loop extends (out += "''", out += string(c)), such that on
// every path through the loop's body
//   - where the character is a single quote, exactly two quotes are
//     written (the character twice, or the character and a quote
//     constant, or two quote constants);
//   - where it is known not to be one, what is written holds no quote
//     but the character's;
//   - where nothing is known of it, the character is not written and
//     no quote constant is.
// Its summary is then the parameter with the Escaped bound, whatever the
// function is called: it is recognised by what it does; and AboveQuote
// when every character any path writes is above the quote (the
// character only where a test puts it there: a range above it, a
// letter or digit class, a constant set above it; constants and
// formatted digits above it). A character-
// allowlist encoder is the case with no quote path: it copies the
// character only where a test puts it in a set without the quote (c >=
// 'a' && c <= 'z', c == '.', unicode.IsLetter(c), strings.ContainsRune
// of a constant) and spells every other one without a quote (a constant,
// fmt.Fprintf(&b, "x%02x", c), strconv.AppendInt): its text holds none. Paths are
// enumerated in the loop body (bounded by maxEscaperPaths; a write the
// engine cannot read rejects the function, and so does an inner loop,
// unless it writes a builder only text without a quote that is not the
// character read — fmt.Fprintf(&b, ":%04X", u) over the UTF-16 units of
// a rune — when it is one step of a path).

// maxEscaperPaths bounds the paths through a loop body examined.
const maxEscaperPaths = 128

// quoteDoubler reports whether fn's result v (returned) is its string
// parameter with every single quote doubled, and which parameter.
func quoteDoubler(e *eval, fn *ssa.Function, v ssa.Value) (int, bool, bool) {
	d := &doubler{e: e, fn: fn, param: -1}
	var header *ssa.BasicBlock
	switch v := v.(type) {
	case *ssa.Convert:
		// string(out): out the loop header's φ of appends.
		phi, ok := v.X.(*ssa.Phi)
		if !ok {
			return -1, false, false
		}
		header, d.out = phi.Block(), phi
	case *ssa.Phi:
		// out, a string the loop extends (out += "''", out += string(c)):
		// the loop header's φ, the value when the loop ends.
		if !isStringType(v.Type()) {
			return -1, false, false
		}
		header, d.out = v.Block(), v
	case *ssa.Call:
		// b.String() of a builder written only in the loop.
		f := v.Call.StaticCallee()
		if f == nil || f.Name() != "String" || len(v.Call.Args) != 1 || !isBuilderType(v.Call.Args[0].Type()) {
			return -1, false, false
		}
		a, ok := v.Call.Args[0].(*ssa.Alloc)
		if !ok {
			return -1, false, false
		}
		d.builder = a
	default:
		return -1, false, false
	}
	loops := loopsOf(fn)
	if d.builder != nil {
		// The innermost loop holding every write of the builder.
		var best *ssaLoop
		for i := range loops {
			all := true
			for _, c := range d.writes() {
				if !loops[i].body[c.Block()] {
					all = false
				}
			}
			if all && (best == nil || len(loops[i].body) < len(best.body)) {
				best = &loops[i]
			}
		}
		if best != nil {
			header = best.header
		}
	}
	var loop *ssaLoop
	for i := range loops {
		if loops[i].header == header {
			loop = &loops[i]
		}
	}
	if loop == nil || !d.outsideClean(loop) {
		return -1, false, false
	}
	d.loop = loop
	if d.builder != nil {
		// Loops nested in the body, each walked as one step (below).
		for i := range loops {
			if l := &loops[i]; l.header != loop.header && loop.body[l.header] && !l.body[loop.header] {
				if d.inner == nil {
					d.inner = map[*ssa.BasicBlock]*ssaLoop{}
				}
				d.inner[l.header] = l
			}
		}
	}
	if !d.paths(header, []*ssa.BasicBlock{header}) || d.param < 0 || d.count == 0 {
		return -1, false, false
	}
	return d.param, true, !d.low
}

type doubler struct {
	e       *eval
	fn      *ssa.Function
	loop    *ssaLoop
	out     *ssa.Phi   // the []byte or []rune built
	builder *ssa.Alloc // or the builder written
	param   int        // the parameter whose characters are read
	count   int        // paths examined
	low     bool       // some path may write a character at or below the quote
	// inner: the loops nested in the body, by header (builders only).
	// One is a single step of a path, from its header to a block it
	// exits to, when what it writes holds no quote and not the
	// character read, however often it runs (an allowlist encoder
	// spelling a rune's UTF-16 units in hex); else it rejects the
	// function, as an inner loop always did.
	inner map[*ssa.BasicBlock]*ssaLoop
}

// outsideClean checks what is written outside the loop: the slice
// starts empty; the builder is written only in the loop.
func (d *doubler) outsideClean(l *ssaLoop) bool {
	if d.out != nil {
		for i, ed := range d.out.Edges {
			if l.body[d.out.Block().Preds[i]] {
				continue
			}
			switch ed := ed.(type) {
			case *ssa.MakeSlice:
				c, ok := ed.Len.(*ssa.Const)
				if !ok || c.Int64() != 0 {
					return false
				}
			case *ssa.Slice:
				// []byte{}: a slice of a new empty array.
				al, ok := ed.X.(*ssa.Alloc)
				if !ok {
					return false
				}
				arr, ok := al.Type().(*types.Pointer).Elem().Underlying().(*types.Array)
				if !ok || arr.Len() != 0 {
					return false
				}
			case *ssa.Const:
				if t, ok := constString(ed); !ed.IsNil() && (!ok || t != "") {
					return false // not nil, nor the empty string
				}
			default:
				return false
			}
		}
		return true
	}
	for _, ref := range *d.builder.Referrers() {
		switch ref := ref.(type) {
		case *ssa.DebugRef:
		case *ssa.MakeInterface:
			// fmt.Fprintf(&b, …) in the loop, and nothing else.
			for _, r := range *ref.Referrers() {
				c, ok := r.(*ssa.Call)
				if !ok || !isFprintf(c, ref) || !l.body[c.Block()] {
					return false
				}
			}
		case *ssa.Call:
			f := ref.Call.StaticCallee()
			if f == nil || len(ref.Call.Args) == 0 || ref.Call.Args[0] != d.builder {
				return false
			}
			switch f.Name() {
			case "String", "Len", "Grow", "Cap":
			default:
				if !isWrite(ref) || !l.body[ref.Block()] {
					return false
				}
			}
		default:
			return false
		}
	}
	return true
}

func isBuilderType(t types.Type) bool {
	return isNamed(t, "strings", "Builder") || isNamed(t, "bytes", "Buffer")
}

// writes returns the calls that write the builder: its Write methods
// and fmt.Fprintf(&b, …).
func (d *doubler) writes() []*ssa.Call {
	var out []*ssa.Call
	for _, ref := range *d.builder.Referrers() {
		switch ref := ref.(type) {
		case *ssa.Call:
			if isWrite(ref) {
				out = append(out, ref)
			}
		case *ssa.MakeInterface:
			for _, r := range *ref.Referrers() {
				if c, ok := r.(*ssa.Call); ok && isFprintf(c, ref) {
					out = append(out, c)
				}
			}
		}
	}
	return out
}

// isFprintf reports whether c is fmt.Fprintf(w, format, …) writing to w.
func isFprintf(c *ssa.Call, w ssa.Value) bool {
	f := c.Call.StaticCallee()
	return f != nil && callee(f) == "fmt.Fprintf" && len(c.Call.Args) == 3 && c.Call.Args[0] == w
}

// quoteFreeItem reports whether the value v, written on a path, holds
// no quote however it is read (strconv.Itoa(int(c)), a constant
// table's byte).
func (d *doubler) quoteFreeItem(v Value) ([]item, bool) {
	if !QuoteFree(v) {
		return nil, false
	}
	return []item{{low: !charsAbove(v)}}, true
}

func isWrite(c *ssa.Call) bool {
	f := c.Call.StaticCallee()
	if f == nil || f.Signature.Recv() == nil || !isBuilderType(f.Signature.Recv().Type()) {
		return false
	}
	switch f.Name() {
	case "WriteByte", "WriteRune", "WriteString", "Write":
		return true
	}
	return false
}

// item is one thing written: the character read, or constant text.
type item struct {
	elem bool
	text string
	low  bool // may hold a character at or below the quote
}

// paths walks every path from the loop header back to it, checking each.
func (d *doubler) paths(b *ssa.BasicBlock, path []*ssa.BasicBlock) bool {
	for _, s := range b.Succs {
		if s == d.loop.header {
			if d.count++; d.count > maxEscaperPaths || !d.check(path) {
				return false
			}
			continue
		}
		if !d.loop.body[s] {
			continue // the loop's exit
		}
		for _, p := range path {
			if p == s {
				return false // an inner loop
			}
		}
		if l := d.inner[s]; l != nil {
			if !d.innerPaths(l, append(path[:len(path):len(path)], s)) {
				return false
			}
			continue
		}
		if !d.paths(s, append(path[:len(path):len(path)], s)) {
			return false
		}
	}
	return true
}

// innerPaths goes on from the nested loop l, whose header ends path, by
// each block it exits to: to the outer header (a path ends), out of the
// outer loop (not a path), or on through the body. l must write only
// quote-free text that is not the character read.
func (d *doubler) innerPaths(l *ssaLoop, path []*ssa.BasicBlock) bool {
	if _, ok := d.innerItems(l); !ok {
		return false
	}
	exits := map[*ssa.BasicBlock]bool{}
	for _, b := range d.fn.Blocks {
		if !l.body[b] {
			continue
		}
		for _, s := range b.Succs {
			if l.body[s] || exits[s] {
				continue
			}
			exits[s] = true
			switch {
			case s == d.loop.header:
				if d.count++; d.count > maxEscaperPaths || !d.check(path) {
					return false
				}
			case !d.loop.body[s]:
			default:
				for _, p := range path {
					if p == s {
						return false
					}
				}
				next := append(path[:len(path):len(path)], s)
				if il := d.inner[s]; il != nil {
					if !d.innerPaths(il, next) {
						return false
					}
				} else if !d.paths(s, next) {
					return false
				}
			}
		}
	}
	return true
}

// innerItems returns what the nested loop l writes to the builder,
// each once: nil and false if any of it is the character read, holds a
// quote or is not known to hold none.
func (d *doubler) innerItems(l *ssaLoop) ([]item, bool) {
	var out []item
	for _, c := range d.writes() {
		if !l.body[c.Block()] {
			continue
		}
		var its []item
		ok := false
		if isWrite(c) && len(c.Call.Args) == 2 && c.Call.Args[0] == d.builder {
			its, ok = d.items(c.Call.Args[1])
		} else if mi, isMI := firstArg(c).(*ssa.MakeInterface); isMI && mi.X == d.builder && isFprintf(c, mi) {
			its, ok = d.quoteFreeItem(d.e.sprintf(c.Call.Args[1:], c.Pos(), 2, 0))
		}
		if !ok {
			return nil, false
		}
		for _, it := range its {
			if it.elem || strings.ContainsRune(it.text, '\'') {
				return nil, false
			}
		}
		out = append(out, its...)
	}
	return out, true
}

// firstArg returns the first argument of c, nil when it has none (an
// interface method called with no argument: d.describe()).
func firstArg(c *ssa.Call) ssa.Value {
	if len(c.Call.Args) == 0 {
		return nil
	}
	return c.Call.Args[0]
}

// check checks one path through the body (header first).
func (d *doubler) check(path []*ssa.BasicBlock) bool {
	st := charState{lo: math.MinInt64, hi: math.MaxInt64}
	var items []item
	for i, b := range path {
		if l := d.inner[b]; l != nil && i > 0 {
			// A nested loop, one step: what it writes, nothing learnt.
			its, ok := d.innerItems(l)
			if !ok {
				return false
			}
			items = append(items, its...)
			continue
		}
		for _, in := range b.Instrs {
			c, ok := in.(*ssa.Call)
			if !ok || d.builder == nil {
				continue
			}
			if isWrite(c) && len(c.Call.Args) == 2 && c.Call.Args[0] == d.builder {
				its, ok := d.items(c.Call.Args[1])
				if !ok {
					return false
				}
				items = append(items, its...)
			} else if mi, ok := firstArg(c).(*ssa.MakeInterface); ok && mi.X == d.builder && isFprintf(c, mi) {
				// fmt.Fprintf(&b, "x%02x", c): what it formats holds
				// no quote.
				its, ok := d.quoteFreeItem(d.e.sprintf(c.Call.Args[1:], c.Pos(), 2, 0))
				if !ok {
					return false
				}
				items = append(items, its...)
			}
		}
		// The edge taken out of b: to the next block of the path, or
		// from the last back to the header (if r == '\'' {…} with no
		// else jumps straight back to the loop).
		next := d.loop.header
		if i+1 < len(path) {
			next = path[i+1]
		}
		if f, ok := b.Instrs[len(b.Instrs)-1].(*ssa.If); ok {
			var prev *ssa.BasicBlock
			if i > 0 {
				prev = path[i-1]
			}
			if d.learn(&st, f.Cond, b.Succs[0] == next, prev); st.empty() {
				return true // not a path the code can take
			}
		}
	}
	if d.out != nil {
		last := path[len(path)-1]
		for j, p := range d.out.Block().Preds {
			if p == last {
				its, ok := d.chain(d.out.Edges[j], path, 0)
				if !ok {
					return false
				}
				items = append(items, its...)
			}
		}
	}
	elems, quotes := 0, 0
	for _, it := range items {
		if it.elem {
			elems++
			if st.lo <= '\'' && !st.above {
				d.low = true
			}
			continue
		}
		if it.low {
			d.low = true
		}
		for _, r := range it.text {
			if r == '\'' {
				quotes++
			}
			if r <= '\'' {
				d.low = true
			}
		}
	}
	switch st.quote() {
	case 1:
		return elems+quotes == 2
	case -1:
		return quotes == 0
	}
	return elems == 0 && quotes == 0
}

// chain returns what the appends from the header's φ to v write, on
// path.
func (d *doubler) chain(v ssa.Value, path []*ssa.BasicBlock, depth int) ([]item, bool) {
	if depth > MaxDepth {
		return nil, false
	}
	switch v := v.(type) {
	case *ssa.Phi:
		if v == d.out {
			return nil, true
		}
		for i, b := range path {
			if b != v.Block() || i == 0 {
				continue
			}
			for j, p := range v.Block().Preds {
				if p == path[i-1] {
					return d.chain(v.Edges[j], path, depth+1)
				}
			}
		}
	case *ssa.BinOp:
		// out + x: a string extended.
		if v.Op != token.ADD || !isStringType(v.Type()) {
			return nil, false
		}
		head, ok := d.chain(v.X, path, depth+1)
		if !ok {
			return nil, false
		}
		tail, ok := d.items(v.Y)
		if !ok {
			return nil, false
		}
		return append(head, tail...), true
	case *ssa.Call:
		if f := v.Call.StaticCallee(); f != nil && len(v.Call.Args) >= 2 {
			// strconv.AppendInt(out, int64(c), 16), fmt.Appendf(out,
			// "x%02x", c): the text appended holds no quote.
			var tail []item
			ok := false
			switch callee(f) {
			case "strconv.AppendInt", "strconv.AppendUint", "strconv.AppendFloat", "strconv.AppendBool":
				tail, ok = []item{{}}, true
			case "fmt.Appendf":
				if len(v.Call.Args) == 3 {
					tail, ok = d.quoteFreeItem(d.e.sprintf(v.Call.Args[1:], v.Pos(), 2, 0))
				}
			}
			if !ok {
				return nil, false
			}
			head, ok := d.chain(v.Call.Args[0], path, depth+1)
			if !ok {
				return nil, false
			}
			return append(head, tail...), true
		}
		bi, ok := v.Call.Value.(*ssa.Builtin)
		if !ok || bi.Name() != "append" || len(v.Call.Args) != 2 {
			return nil, false
		}
		head, ok := d.chain(v.Call.Args[0], path, depth+1)
		if !ok {
			return nil, false
		}
		var tail []item
		if elems, ok := sliceLiteral(v.Call.Args[1]); ok {
			for _, el := range elems {
				its, ok := d.items(el)
				if !ok {
					return nil, false
				}
				tail = append(tail, its...)
			}
		} else if tail, ok = d.items(v.Call.Args[1]); !ok {
			return nil, false // append(out, s...) of a string
		}
		return append(head, tail...), true
	}
	return nil, false
}

// items classifies a value written: the character read, or a constant.
func (d *doubler) items(v ssa.Value) ([]item, bool) {
	if c, ok := v.(*ssa.Const); ok && c.Value != nil {
		switch c.Value.Kind() {
		case constant.String:
			return []item{{text: constant.StringVal(c.Value)}}, true
		case constant.Int:
			n, ok := constant.Int64Val(c.Value)
			return []item{{text: string(rune(n))}}, ok
		}
		return nil, false
	}
	if d.elem(v) {
		return []item{{elem: true}}, true
	}
	if _, ok := v.Type().Underlying().(*types.Basic); ok && d.e != nil {
		return d.quoteFreeItem(d.e.of(v, 0))
	}
	return nil, false
}

// elem reports whether v is the character the loop reads from a string
// parameter (s[i], the rune of a range over s, a conversion of either),
// and records the parameter.
func (d *doubler) elem(v ssa.Value) bool {
	for {
		switch x := v.(type) {
		case *ssa.Convert:
			v = x.X
			continue
		case *ssa.ChangeType:
			v = x.X
			continue
		}
		break
	}
	var src ssa.Value
	switch x := v.(type) {
	case *ssa.Index:
		src = x.X
	case *ssa.UnOp:
		ia, ok := x.X.(*ssa.IndexAddr)
		if !ok || x.Op != token.MUL {
			return false
		}
		src = ia.X
	case *ssa.Extract:
		nx, ok := x.Tuple.(*ssa.Next)
		if !ok || x.Index != 2 || !nx.IsString {
			return false
		}
		rg, ok := nx.Iter.(*ssa.Range)
		if !ok {
			return false
		}
		src = rg.X
	default:
		return false
	}
	if c, ok := src.(*ssa.Convert); ok {
		src = c.X // []rune(s)
	}
	p, ok := src.(*ssa.Parameter)
	if !ok || p.Parent() != d.fn || !isStringType(p.Type()) {
		return false
	}
	idx := -1
	for i, q := range d.fn.Params {
		if q == p {
			idx = i
		}
	}
	if d.param >= 0 && d.param != idx {
		return false
	}
	d.param = idx
	return true
}

// charState is what the conditions taken on a path say of the
// character read: it lies in [lo, hi], and is not a quote when notQuote;
// above: a class or set test puts it above the quote.
type charState struct {
	lo, hi   int64
	notQuote bool
	above    bool
}

func (st charState) empty() bool {
	return st.lo > st.hi || (st.notQuote && st.lo == '\'' && st.hi == '\'')
}

// quote is 1 when the character is a quote, -1 when it is not, 0 when
// nothing is known.
func (st charState) quote() int {
	switch {
	case st.lo == '\'' && st.hi == '\'':
		return 1
	case st.notQuote || st.lo > '\'' || st.hi < '\'':
		return -1
	}
	return 0
}

// learn narrows st by taking the branch (then: the true edge) of cond:
// a comparison of the character with a constant (c == quote, c >= 'a',
// '0' <= c), a character class (unicode.IsLetter(c), IsDigit…, none
// holds the quote), or a constant set (strings.ContainsRune("._-", c)).
// A φ of && or || (a switch case's condition) is the edge the path
// came by, from prev. Other conditions say nothing.
func (d *doubler) learn(st *charState, cond ssa.Value, then bool, prev *ssa.BasicBlock) {
	switch cond := cond.(type) {
	case *ssa.Phi:
		for j, p := range cond.Block().Preds {
			if p != prev {
				continue
			}
			if c, ok := cond.Edges[j].(*ssa.Const); ok && c.Value != nil && c.Value.Kind() == constant.Bool {
				if constant.BoolVal(c.Value) != then {
					st.lo, st.hi = 1, 0 // not a path the code can take
				}
				return
			}
			d.learn(st, cond.Edges[j], then, nil)
		}
	case *ssa.BinOp:
		op := cond.Op
		x, y := cond.X, cond.Y
		if _, ok := x.(*ssa.Const); ok {
			x, y = y, x
			if op, ok = mirrored[op]; !ok {
				return
			}
		}
		c, ok := y.(*ssa.Const)
		if !ok || c.Value == nil || !d.elem(x) {
			return
		}
		var k int64
		switch c.Value.Kind() {
		case constant.Int:
			n, exact := constant.Int64Val(c.Value)
			if !exact {
				return
			}
			k = n
		case constant.String:
			// string(c) == "'": one character, or text no character is.
			rs := []rune(constant.StringVal(c.Value))
			if len(rs) != 1 {
				if (op == token.EQL) == then && (op == token.EQL || op == token.NEQ) {
					st.notQuote = true
				}
				return
			}
			k = int64(rs[0])
		default:
			return
		}
		if !then { // the false edge: the negated comparison
			if op, ok = negated[op]; !ok {
				return
			}
		}
		switch op {
		case token.EQL:
			st.lo, st.hi = max(st.lo, k), min(st.hi, k)
		case token.NEQ:
			if k == '\'' {
				st.notQuote = true
			}
		case token.LSS:
			st.hi = min(st.hi, k-1)
		case token.LEQ:
			st.hi = min(st.hi, k)
		case token.GTR:
			st.lo = max(st.lo, k+1)
		case token.GEQ:
			st.lo = max(st.lo, k)
		}
	case *ssa.Call:
		f := cond.Call.StaticCallee()
		if f == nil {
			return
		}
		args := cond.Call.Args
		switch name := callee(f); name {
		case "unicode.IsLetter", "unicode.IsDigit", "unicode.IsNumber", "unicode.IsUpper",
			"unicode.IsLower", "unicode.IsSpace", "unicode.IsControl", "unicode.IsMark":
			if len(args) == 1 && then && d.elem(args[0]) {
				st.notQuote = true
				// Letters, digits and marks are all above the quote.
				st.above = st.above || name != "unicode.IsSpace" && name != "unicode.IsControl"
			}
		case "strings.ContainsRune", "bytes.ContainsRune":
			if len(args) != 2 || !d.elem(args[1]) {
				return
			}
			set, ok := constString(args[0])
			if !ok {
				return
			}
			// In a set without the quote, or out of one with it.
			if then != strings.Contains(set, "'") {
				st.notQuote = true
			}
			if then && strings.IndexFunc(set, func(r rune) bool { return r <= '\'' }) < 0 {
				st.above = true
			}
		}
	}
}

// doubledParam reports whether every return of result i of fn is a
// quote doubler of the same parameter, and whether each writes only
// characters above the quote. A return of the parameter itself where
// guards pin it to constants without a quote (`if s == "" { return s }`)
// is that parameter doubled too, and writes only what they hold.
func doubledParam(e *eval, fn *ssa.Function, rets []*ssa.Return, i int) (int, bool, bool) {
	if len(rets) == 0 || !isStringType(fn.Signature.Results().At(i).Type()) {
		return -1, false, false
	}
	param, above, early := -1, true, -1
	for _, ret := range rets {
		if p, ok, up := pinnedParam(fn, ret.Results[i], ret.Block()); ok {
			if early >= 0 && p != early {
				return -1, false, false
			}
			early, above = p, above && up
			continue
		}
		p, ok, up := quoteDoubler(e, fn, ret.Results[i])
		if !ok || (param >= 0 && p != param) {
			return -1, false, false
		}
		param, above = p, above && up
	}
	if param < 0 || (early >= 0 && early != param) {
		return -1, false, false
	}
	return param, true, above
}

// pinnedParam reports whether v is parameter p of fn pinned in block b to
// constants without a quote (pinnedOn), and whether they hold only
// characters above it.
func pinnedParam(fn *ssa.Function, v ssa.Value, b *ssa.BasicBlock) (int, bool, bool) {
	prm, ok := v.(*ssa.Parameter)
	if !ok {
		return -1, false, false
	}
	p := -1
	for j, q := range fn.Params {
		if q == prm {
			p = j
		}
	}
	ks := pinnedOn(v, b)
	if p < 0 || len(ks) == 0 {
		return -1, false, false
	}
	above := true
	for _, k := range ks {
		s, ok := constString(k)
		if !ok || strings.Contains(s, "'") {
			return -1, false, false
		}
		above = above && strings.IndexFunc(s, func(r rune) bool { return r <= '\'' }) < 0
	}
	return p, true, above
}
