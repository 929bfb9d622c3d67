package flow

import (
	"go/constant"
	"go/token"
	"go/types"
	"strings"
	"sync/atomic"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"
)

// checked returns the bounds the code establishes on v by testing it:
// Validated when v is given to a regular expression, a parser, a
// character test or a function named valid…, sanitize…, check…,
// verify… or ensure… that returns what a test returns (namedTest: not
// a query helper named rowsMatching), or compared with a non-empty constant (an
// allow-list: not a guard that only turns the constant away, refuses);
// LengthChecked when len(v) is compared. Where the test
// sits is not considered (a test on any path counts): the bound can
// only silence a rule. A load of a struct field (in.PK) counts the tests
// of the function's other loads of that field when the function never
// stores to it (SameValue): validKey(in.PK) checks the in.PK written
// into the key; so does a load of a nested field (o.Req.Key) through
// the other &o.Req of the function, and a load of one element (args[1])
// the tests of the other loads of that element (checkedElement).
func (r *Result) checked(v ssa.Value) Bound {
	return cached(&r.lazy, &r.checks, v, func() Bound { return r.checkedUncached(v) })
}

func (r *Result) checkedUncached(v ssa.Value) Bound {
	b := r.checkedRefs(v, 0)
	ld, ok := v.(*ssa.UnOp)
	if !ok || ld.Op != token.MUL {
		return b
	}
	if ia, ok := ld.X.(*ssa.IndexAddr); ok {
		return b | r.checkedElement(ld, ia)
	}
	// The field path from the struct variable (o.Req.Key: Req, Key),
	// each &o.Req its own instruction.
	var path []int
	root := ld.X
	for len(path) < MaxDepth {
		fa, ok := root.(*ssa.FieldAddr)
		if !ok {
			break
		}
		path = append([]int{fa.Field}, path...)
		root = fa.X
	}
	if len(path) == 0 {
		return b
	}
	var walk func(x ssa.Value, rest []int)
	walk = func(x ssa.Value, rest []int) {
		refs := x.Referrers()
		if refs == nil {
			return
		}
		for _, ref := range *refs {
			if len(rest) == 0 {
				if o, ok := ref.(*ssa.UnOp); ok && o != ld && o.Op == token.MUL && SameValue(ld, o) {
					b |= r.checkedRefs(o, 0)
				}
				continue
			}
			if other, ok := ref.(*ssa.FieldAddr); ok && other.X == x && other.Field == rest[0] {
				walk(other, rest[1:])
			}
		}
	}
	walk(root, path)
	return b
}

// checkedElement returns the bounds the tests of the function's other
// loads of one element establish (args[1] tested, then args[1] read
// again): the same constant index of the same slice, a slice the
// function only reads (its elements loaded, its length taken), so that
// every load reads the same text, tested before this load on every path
// to it (usedBefore). A test of another element, or of the slice's
// length, checks nothing of this one.
func (r *Result) checkedElement(ld *ssa.UnOp, ia *ssa.IndexAddr) Bound {
	idx, ok := ia.Index.(*ssa.Const)
	if !ok || idx.Value == nil || idx.Value.Kind() != constant.Int {
		return 0
	}
	if _, ok := ia.X.Type().Underlying().(*types.Slice); !ok {
		return 0
	}
	refs := ia.X.Referrers()
	if refs == nil {
		return 0
	}
	var same []*ssa.IndexAddr
	for _, ref := range *refs {
		switch x := ref.(type) {
		case *ssa.IndexAddr:
			if !onlyLoaded(x) {
				return 0 // an element written, or its address handed on
			}
			if c, ok := x.Index.(*ssa.Const); ok && x != ia && c.Value != nil && c.Value.Kind() == constant.Int && constant.Compare(c.Value, token.EQL, idx.Value) {
				same = append(same, x)
			}
		case *ssa.Call:
			if bl, ok := x.Call.Value.(*ssa.Builtin); !ok || bl.Name() != "len" && bl.Name() != "cap" {
				return 0 // the slice handed to code that may write it
			}
		case *ssa.DebugRef:
		default:
			return 0
		}
	}
	var b Bound
	for _, x := range same {
		for _, ref := range *x.Referrers() {
			if o, ok := ref.(*ssa.UnOp); ok && o != ld && usedBefore(o, ld) {
				b |= r.checkedRefs(o, 0)
			}
		}
	}
	return b
}

// usedBefore reports whether every use of v runs before at on every path
// to it (dominates it): a test of another read of an element counts only
// when it has run whenever at runs, not on a path that returns first.
func usedBefore(v ssa.Value, at ssa.Instruction) bool {
	refs := v.Referrers()
	if refs == nil || len(*refs) == 0 {
		return false
	}
	for _, ref := range *refs {
		if _, ok := ref.(*ssa.DebugRef); ok {
			continue
		}
		if !Dominates(ref, at) {
			return false
		}
	}
	return true
}

// checkedRefs returns the bounds the uses of v itself establish. A
// function of the package given v tests it when its body tests the
// parameter (a validator by what it does, whatever its name), followed
// to depth MaxDepth, or when it admits only a class of characters that
// excludes / \ # ? ' and control characters (classes.go; a Summary's
// Chars across packages).
func (r *Result) checkedRefs(v ssa.Value, depth int) Bound {
	return cached(&r.lazy, &r.refChecks, refCheck{v, depth}, func() Bound { return r.refsBound(v, depth) })
}

// refCheck is a question of checkedRefs: the uses of v, from depth.
type refCheck struct {
	v     ssa.Value
	depth int
}

func (r *Result) refsBound(v ssa.Value, depth int) Bound {
	atomic.AddInt64(&r.work, 1)
	refs := v.Referrers()
	if refs == nil {
		return 0
	}
	var b Bound
	for _, ref := range *refs {
		switch ref := ref.(type) {
		case *ssa.Call:
			cc := ref.Common()
			if bl, ok := cc.Value.(*ssa.Builtin); ok {
				if bl.Name() == "len" && compared(ref) {
					b |= LengthChecked
				}
				continue
			}
			if validator(cc) || r.testsParam(cc, v, depth) || r.charsChecked(cc, v) {
				b |= Validated
			}
		case *ssa.BinOp:
			if ref.Op != token.EQL && ref.Op != token.NEQ {
				continue
			}
			other := ref.X
			if other == v {
				other = ref.Y
			}
			if c, ok := other.(*ssa.Const); ok && c.Value != nil && c.Value.ExactString() != `""` && !refuses(ref, v) {
				b |= Validated
			}
		case *ssa.MakeInterface:
			for _, r2 := range *ref.Referrers() {
				if c, ok := r2.(*ssa.Call); ok && validator(c.Common()) {
					b |= Validated
				}
			}
		}
	}
	return b
}

// refuses reports whether the comparison cmp of v with a constant only
// turns that constant away: it decides a branch whose equal side leaves
// the function (or goes round its loop again) at once while the other
// side goes on, or goes on to use v (and the equal side does not use
// v: there the value is the constant). `if code == "api" { return }` (and
// a switch case that returns) lets every other value through, so it
// checks no character of v; `if code != "api" { return }` lets through
// only the constant and still counts. A comparison whose two sides both
// end at once without v (a test function returning what it found) or
// that decides no branch counts as before.
func refuses(cmp *ssa.BinOp, v ssa.Value) bool {
	refs := cmp.Referrers()
	if refs == nil {
		return false
	}
	for _, ref := range *refs {
		ifi, ok := ref.(*ssa.If)
		if !ok {
			continue
		}
		from := ifi.Block()
		eq, ne := from.Succs[0], from.Succs[1]
		if cmp.Op == token.NEQ {
			eq, ne = ne, eq
		}
		if eq == ne {
			continue
		}
		eqChain, eqLeaves := leaves(eq, ne, from)
		if !eqLeaves || usesIn(v, eqChain) {
			continue
		}
		neChain, neLeaves := leaves(ne, eq, from)
		if !neLeaves || usesIn(v, neChain) {
			return true
		}
	}
	return false
}

// maxLeaveBlocks bounds the walk of leaves.
const maxLeaveBlocks = 8

// leaves follows b through unconditional jumps and reports whether it
// reaches a return, a panic or the head of a loop around from (a
// continue) before a branch or other; it returns the blocks walked.
func leaves(b, other, from *ssa.BasicBlock) ([]*ssa.BasicBlock, bool) {
	var chain []*ssa.BasicBlock
	for n := 0; n < maxLeaveBlocks && b != nil && b != other && len(b.Instrs) > 0; n++ {
		if b.Dominates(from) {
			return chain, true // back to a loop's head
		}
		chain = append(chain, b)
		switch b.Instrs[len(b.Instrs)-1].(type) {
		case *ssa.Return, *ssa.Panic:
			return chain, true
		case *ssa.Jump:
			b = b.Succs[0]
			continue
		}
		return chain, false
	}
	return chain, false
}

// usesIn reports whether an instruction of blocks uses v.
func usesIn(v ssa.Value, blocks []*ssa.BasicBlock) bool {
	refs := v.Referrers()
	if refs == nil {
		return false
	}
	for _, ref := range *refs {
		for _, b := range blocks {
			if ref.Block() == b {
				return true
			}
		}
	}
	return false
}

// testsParam reports whether the function cc calls statically (with a
// body) validates the parameter that receives v.
func (r *Result) testsParam(cc *ssa.CallCommon, v ssa.Value, depth int) bool {
	f := cc.StaticCallee()
	if f == nil || f.Blocks == nil || depth >= MaxDepth {
		return false
	}
	for i, a := range cc.Args {
		if a == v && i < len(f.Params) && r.checkedRefs(f.Params[i], depth+1)&Validated != 0 {
			return true
		}
	}
	return false
}

// charsChecked reports whether the function cc calls statically is a
// character-class validator (classChecks) of the parameter that
// receives v: from its body in this package, from its Summary fact
// otherwise.
func (r *Result) charsChecked(cc *ssa.CallCommon, v ssa.Value) bool {
	f := cc.StaticCallee()
	if f == nil {
		return false
	}
	if o := f.Origin(); o != nil {
		f = o
	}
	var chars []bool
	if f.Pkg == r.SSA.Pkg && f.Blocks != nil {
		chars = cached(&r.lazy, &r.chars, f, func() []bool { return classChecks(f) })
	} else if s := r.Summary(f); s != nil {
		chars = s.Chars
	}
	for i, a := range cc.Args {
		if a == v && i < len(chars) && chars[i] {
			return true
		}
	}
	return false
}

// compared reports whether the value of a len call is compared.
func compared(v ssa.Value) bool {
	for _, ref := range *v.Referrers() {
		if bo, ok := ref.(*ssa.BinOp); ok {
			switch bo.Op {
			case token.LSS, token.GTR, token.LEQ, token.GEQ:
				return true
			}
		}
	}
	return false
}

var validators = map[string]bool{
	"regexp.Regexp.MatchString": true, "regexp.MatchString": true, "regexp.Regexp.FindString": true,
	"github.com/google/uuid.Parse": true, "github.com/google/uuid.Validate": true, "github.com/google/uuid.MustParse": true,
	"strconv.Atoi": true, "strconv.ParseInt": true, "strconv.ParseUint": true, "strconv.ParseFloat": true, "strconv.ParseBool": true,
	"strings.ContainsAny": true, "strings.ContainsRune": true, "strings.IndexAny": true, "strings.ContainsFunc": true,
	"strings.IndexFunc": true, "strings.IndexByte": true, "strings.IndexRune": true, "time.Parse": true,
	"net/mail.ParseAddress": true, "unicode/utf8.ValidString": true,
}

func validator(cc *ssa.CallCommon) bool {
	var name string
	if cc.IsInvoke() {
		name = cc.Method.Name()
	} else if f := cc.StaticCallee(); f != nil {
		if validators[callee(f)] {
			return true
		}
		name = f.Name()
	} else {
		return false
	}
	return namedTest(name, cc.Signature())
}

// Program holds the summaries of the concrete methods of every package
// a whole-program driver (tablelint check) loaded, so that a call
// through an interface takes the union of its implementations'
// summaries. Drivers that see one package at a time (go vet, the
// golangci-lint plugin) install none: there, an interface call is
// resolved to the implementations among the package's own types (whose
// methods are summarised in the same pass), and otherwise its result is
// an opaque hole (Source Unknown), which rules treat as unknown, never
// as a proof of absence.
type Program struct {
	byName map[string][]Impl
}

// Impl is a concrete method and its summary, as plain data (it is
// stored in tablelint check's per-package cache): the method's name, the
// method set of its receiver type (name to SigString, with full package
// paths) and the summary.
type Impl struct {
	Name    string
	Methods map[string]string
	Summary *Summary
}

// Summarize returns the Impls among a package's Summary facts.
func Summarize(facts []analysis.ObjectFact) []Impl {
	var out []Impl
	isSummary := func(f analysis.Fact) bool { _, ok := f.(*Summary); return ok }
	for _, m := range ConcreteMethods(facts, isSummary) {
		out = append(out, Impl{Name: m.Func.Name(), Methods: m.Methods, Summary: m.Fact.(*Summary)})
	}
	return out
}

// ProgramOf indexes impls (from Summarize, of any number of packages).
func ProgramOf(impls []Impl) *Program {
	p := &Program{byName: map[string][]Impl{}}
	for _, im := range impls {
		if im.Summary != nil {
			p.byName[im.Name] = append(p.byName[im.Name], im)
		}
	}
	return p
}

var program atomic.Pointer[Program]

// SetProgram installs p for the following runs (nil removes it). Only a
// driver that analyses the whole program should set one.
func SetProgram(p *Program) { program.Store(p) }

// dispatch returns the summaries of the implementations of the
// interface method m among the installed program's concrete types.
func dispatch(m *types.Func) []*Summary {
	p := program.Load()
	if p == nil || m == nil {
		return nil
	}
	want := InterfaceSigs(m)
	if want == nil {
		return nil
	}
	var out []*Summary
	for _, im := range p.byName[m.Name()] {
		if !Satisfies(im.Methods, want) {
			continue
		}
		out = append(out, im.Summary)
		if len(out) >= MaxVariants {
			break
		}
	}
	return out
}

// MethodSigs returns t's method set, name to SigString.
func MethodSigs(t types.Type) map[string]string {
	ms := types.NewMethodSet(t)
	out := make(map[string]string, ms.Len())
	for i := 0; i < ms.Len(); i++ {
		m := ms.At(i).Obj()
		out[m.Name()] = SigString(m.Type())
	}
	return out
}

// SigString writes a method signature without its receiver and without
// parameter names (an implementation may name them differently from the
// interface), packages by path: it compares across loads and can be
// stored.
func SigString(t types.Type) string {
	sig, ok := t.(*types.Signature)
	if !ok {
		return types.TypeString(t, nil)
	}
	return types.TypeString(types.NewSignatureType(nil, nil, nil, unnamed(sig.Params()), unnamed(sig.Results()), sig.Variadic()), nil)
}

func unnamed(t *types.Tuple) *types.Tuple {
	if t == nil {
		return nil
	}
	vars := make([]*types.Var, t.Len())
	for i := range vars {
		vars[i] = types.NewParam(t.At(i).Pos(), t.At(i).Pkg(), "", t.At(i).Type())
	}
	return types.NewTuple(vars...)
}

// equalTo returns the value v is known to equal wherever it is used: v
// is compared (== or !=) with y in a test whose unequal side leaves the
// function (or goes round its loop) at once without using v, and every
// other use of v but comparisons sits on the equal side; y is not
// request input but configuration: a field of the function's receiver
// or of a package variable (a.Principal, cfg.Tenant), a package
// variable, or os.Getenv's value. After `if v != a.Principal { return }`
// v is a.Principal. what names y for messages; src is Env for
// os.Getenv, Unknown otherwise.
func equalTo(v ssa.Value) (what string, src Source, ok bool) {
	refs := v.Referrers()
	if refs == nil || !isStringType(v.Type()) {
		return "", Unknown, false
	}
	for _, ref := range *refs {
		cmp, isCmp := ref.(*ssa.BinOp)
		if !isCmp || cmp.Op != token.EQL && cmp.Op != token.NEQ {
			continue
		}
		y := cmp.Y
		if y == v {
			y = cmp.X
		}
		name, s, isConfig := configValue(y)
		if !isConfig {
			continue
		}
		for _, cr := range *cmp.Referrers() {
			ifi, isIf := cr.(*ssa.If)
			if !isIf {
				continue
			}
			from := ifi.Block()
			eq, ne := from.Succs[0], from.Succs[1]
			if cmp.Op == token.NEQ {
				eq, ne = ne, eq
			}
			if eq == ne || len(eq.Preds) != 1 {
				continue
			}
			chain, leave := leaves(ne, eq, from)
			if !leave || usesIn(v, chain) || !onlyAfter(v, eq) {
				continue
			}
			return name, s, true
		}
	}
	return "", Unknown, false
}

// onlyAfter reports whether every use of v but a comparison sits in a
// block eq dominates.
func onlyAfter(v ssa.Value, eq *ssa.BasicBlock) bool {
	for _, ref := range *v.Referrers() {
		switch ref := ref.(type) {
		case *ssa.BinOp:
			switch ref.Op {
			case token.EQL, token.NEQ, token.LSS, token.GTR, token.LEQ, token.GEQ:
				continue
			}
		case *ssa.DebugRef:
			continue
		}
		if b := ref.Block(); b == nil || !eq.Dominates(b) {
			return false
		}
	}
	return true
}

// configValue reports whether y is configuration (see equalTo), and
// names it.
func configValue(y ssa.Value) (string, Source, bool) {
	switch y := y.(type) {
	case *ssa.Call:
		if f := y.Common().StaticCallee(); f != nil && callee(f) == "os.Getenv" {
			return "os.Getenv", Env, true
		}
	case *ssa.Extract:
		if c, ok := y.Tuple.(*ssa.Call); ok && y.Index == 0 {
			if f := c.Common().StaticCallee(); f != nil && callee(f) == "os.LookupEnv" {
				return "os.LookupEnv", Env, true
			}
		}
	case *ssa.UnOp:
		if y.Op != token.MUL {
			return "", Unknown, false
		}
		var path []string
		x := y.X
		for len(path) < MaxDepth {
			fa, ok := x.(*ssa.FieldAddr)
			if !ok {
				break
			}
			st := structOf(fa.X.Type())
			if st == nil || fa.Field >= st.NumFields() {
				return "", Unknown, false
			}
			path = append([]string{st.Field(fa.Field).Name()}, path...)
			x = fa.X
			if ld, ok := x.(*ssa.UnOp); ok && ld.Op == token.MUL {
				if g, ok := ld.X.(*ssa.Global); ok {
					x = g // a package variable holding a pointer
				}
			}
		}
		switch x := x.(type) {
		case *ssa.Global:
			return strings.Join(append([]string{x.Name()}, path...), "."), Unknown, true
		case *ssa.Parameter:
			fn := x.Parent()
			if len(path) > 0 && fn != nil && fn.Signature.Recv() != nil && len(fn.Params) > 0 && fn.Params[0] == x {
				return strings.Join(append([]string{x.Name()}, path...), "."), Unknown, true
			}
		}
	}
	return "", Unknown, false
}
