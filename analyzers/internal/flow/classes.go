package flow

import (
	"go/constant"
	"go/token"
	"go/types"
	"strings"
	"unicode"

	"golang.org/x/tools/go/ssa"
)

// classProbes are the characters a character-class validator must turn
// away for its parameter to count as Validated: what TL201 cares about
// in a key (/ \ # ? and control characters) and what TL321 cares about
// in a quoted filter literal (the single quote).
var classProbes = func() []rune {
	out := []rune{'/', '\\', '#', '?', '\''}
	for c := rune(0); c < 0x20; c++ {
		out = append(out, c)
	}
	for c := rune(0x7f); c <= 0x9f; c++ {
		out = append(out, c)
	}
	return out
}()

// maxClassSteps bounds the blocks one probe walks through a loop body.
const maxClassSteps = 64

// classChecks reports, for each parameter of fn, whether fn validates
// it by what its body does, whatever its name: fn returns one bool, and
// every return of something other than false is reached only after a
// loop over every character of the parameter (range over the string,
// or a byte loop from 0 to len(s) by 1) whose body either goes round
// again or returns false (no break, no other return), and for each of
// classProbes the tests of the character in the body — comparisons with
// constants (r < '0' || r > '9'), unicode.IsDigit/IsLetter/… and
// strings.ContainsRune of a constant set, negated or combined with && and
// || — lead to return false. A test of anything else makes the probe
// count as admitted: the check can only silence a rule. nil when no
// parameter is so checked.
func classChecks(fn *ssa.Function) []bool {
	if fn == nil || fn.Blocks == nil || fn.Signature.Results().Len() != 1 {
		return nil
	}
	if b, ok := fn.Signature.Results().At(0).Type().Underlying().(*types.Basic); !ok || b.Info()&types.IsBoolean == 0 {
		return nil
	}
	var out []bool
	for i, p := range fn.Params {
		if !isStringType(p.Type()) || !classChecked(fn, p) {
			continue
		}
		if out == nil {
			out = make([]bool, len(fn.Params))
		}
		out[i] = true
	}
	return out
}

// charLoop is a loop over every character of a string: chars are the
// values that stand for the current character in its body.
type charLoop struct {
	head, body, done *ssa.BasicBlock
	chars            map[ssa.Value]bool
}

func classChecked(fn *ssa.Function, p *ssa.Parameter) bool {
	for _, lp := range charLoops(p) {
		if lp.closed(fn) && lp.rejectsProbes() {
			return true
		}
	}
	return false
}

// charLoops finds the loops over every character of p.
func charLoops(p *ssa.Parameter) []charLoop {
	refs := p.Referrers()
	if refs == nil {
		return nil
	}
	var out []charLoop
	for _, ref := range *refs {
		switch ref := ref.(type) {
		case *ssa.Range:
			// t1 = range s; t2 = next t1; ok = extract t2 #0; if ok body done;
			// body: r = extract t2 #2.
			for _, nr := range *ref.Referrers() {
				next, ok := nr.(*ssa.Next)
				if !ok || !next.IsString {
					continue
				}
				lp := charLoop{head: next.Block(), chars: map[ssa.Value]bool{}}
				var okv ssa.Value
				for _, er := range *next.Referrers() {
					if ex, isEx := er.(*ssa.Extract); isEx {
						switch ex.Index {
						case 0:
							okv = ex
						case 2:
							lp.chars[ex] = true
						}
					}
				}
				ifi, isIf := lp.head.Instrs[len(lp.head.Instrs)-1].(*ssa.If)
				if okv == nil || !isIf || ifi.Cond != okv || len(lp.chars) == 0 {
					continue
				}
				lp.body, lp.done = lp.head.Succs[0], lp.head.Succs[1]
				out = append(out, lp)
			}
		case *ssa.Index:
			// for i := 0; i < len(s); i++ { c := s[i] … }
			phi, ok := ref.Index.(*ssa.Phi)
			if !ok || ref.X != p || !countsUp(phi) {
				continue
			}
			lp := charLoop{head: phi.Block(), chars: map[ssa.Value]bool{}}
			ifi, isIf := lp.head.Instrs[len(lp.head.Instrs)-1].(*ssa.If)
			if !isIf || !belowLen(ifi.Cond, phi, p) {
				continue
			}
			for _, pr := range *p.Referrers() {
				if ix, isIx := pr.(*ssa.Index); isIx && ix.Index == phi {
					lp.chars[ix] = true
				}
			}
			lp.body, lp.done = lp.head.Succs[0], lp.head.Succs[1]
			out = append(out, lp)
		}
	}
	return out
}

// countsUp reports whether phi starts at 0 and steps by 1.
func countsUp(phi *ssa.Phi) bool {
	if len(phi.Edges) != 2 {
		return false
	}
	zero, step := false, false
	for _, ed := range phi.Edges {
		if c, ok := ed.(*ssa.Const); ok && c.Value != nil && c.Value.ExactString() == "0" {
			zero = true
		}
		if bo, ok := ed.(*ssa.BinOp); ok && bo.Op == token.ADD && bo.X == phi {
			if c, ok := bo.Y.(*ssa.Const); ok && c.Value != nil && c.Value.ExactString() == "1" {
				step = true
			}
		}
	}
	return zero && step
}

// belowLen reports whether cond is i < len(p).
func belowLen(cond ssa.Value, i *ssa.Phi, p *ssa.Parameter) bool {
	bo, ok := cond.(*ssa.BinOp)
	if !ok || bo.Op != token.LSS || bo.X != i {
		return false
	}
	call, ok := bo.Y.(*ssa.Call)
	if !ok {
		return false
	}
	bl, ok := call.Common().Value.(*ssa.Builtin)
	return ok && bl.Name() == "len" && len(call.Common().Args) == 1 && call.Common().Args[0] == p
}

// closed reports whether the loop's body only goes round again or
// returns false (never leaves for done by a break, never returns
// anything else), and whether every return of fn other than false comes
// after the loop (done dominates it).
func (lp charLoop) closed(fn *ssa.Function) bool {
	seen := map[*ssa.BasicBlock]bool{lp.head: true}
	work := []*ssa.BasicBlock{lp.body}
	for len(work) > 0 {
		b := work[len(work)-1]
		work = work[:len(work)-1]
		if seen[b] {
			continue
		}
		seen[b] = true
		if b == lp.done {
			return false
		}
		if ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return); ok && !returnsFalse(ret) {
			return false
		}
		work = append(work, b.Succs...)
	}
	for _, b := range fn.Blocks {
		if ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return); ok && !returnsFalse(ret) && !lp.done.Dominates(b) {
			return false
		}
	}
	return true
}

func returnsFalse(ret *ssa.Return) bool {
	if len(ret.Results) != 1 {
		return false
	}
	c, ok := ret.Results[0].(*ssa.Const)
	return ok && c.Value != nil && c.Value.Kind() == constant.Bool && !constant.BoolVal(c.Value)
}

// rejectsProbes reports whether every probe character leads the body
// to return false.
func (lp charLoop) rejectsProbes() bool {
	for _, c := range classProbes {
		if !lp.rejects(c) {
			return false
		}
	}
	return true
}

// rejects walks the body for the character c: false when it goes round
// again, when a test cannot be decided, or when the walk is too long.
func (lp charLoop) rejects(c rune) bool {
	b := lp.body
	for n := 0; n < maxClassSteps && b != nil && b != lp.head; n++ {
		switch t := b.Instrs[len(b.Instrs)-1].(type) {
		case *ssa.Return:
			return returnsFalse(t)
		case *ssa.Panic:
			return true
		case *ssa.Jump:
			b = b.Succs[0]
		case *ssa.If:
			v, ok := lp.test(t.Cond, c)
			if !ok {
				return false
			}
			if v {
				b = b.Succs[0]
			} else {
				b = b.Succs[1]
			}
		default:
			return false
		}
	}
	return false
}

// test evaluates the condition v for the character c.
func (lp charLoop) test(v ssa.Value, c rune) (bool, bool) {
	switch v := v.(type) {
	case *ssa.Const:
		if v.Value != nil && v.Value.Kind() == constant.Bool {
			return constant.BoolVal(v.Value), true
		}
	case *ssa.UnOp:
		if v.Op == token.NOT {
			x, ok := lp.test(v.X, c)
			return !x, ok
		}
	case *ssa.BinOp:
		x, okx := lp.num(v.X, c)
		y, oky := lp.num(v.Y, c)
		if !okx || !oky {
			return false, false
		}
		switch v.Op {
		case token.EQL:
			return x == y, true
		case token.NEQ:
			return x != y, true
		case token.LSS:
			return x < y, true
		case token.LEQ:
			return x <= y, true
		case token.GTR:
			return x > y, true
		case token.GEQ:
			return x >= y, true
		}
	case *ssa.Call:
		f := v.Common().StaticCallee()
		args := v.Common().Args
		if f == nil {
			return false, false
		}
		if test, ok := runeTests[callee(f)]; ok && len(args) == 1 {
			if x, ok := lp.num(args[0], c); ok {
				return test(rune(x)), true
			}
		}
		if callee(f) == "strings.ContainsRune" && len(args) == 2 {
			set, ok := args[0].(*ssa.Const)
			x, okx := lp.num(args[1], c)
			if ok && okx && set.Value != nil && set.Value.Kind() == constant.String {
				return strings.ContainsRune(constant.StringVal(set.Value), rune(x)), true
			}
		}
	}
	return false, false
}

// num evaluates v, the character or a constant, for the character c.
func (lp charLoop) num(v ssa.Value, c rune) (int64, bool) {
	switch v := v.(type) {
	case *ssa.Const:
		if v.Value != nil && v.Value.Kind() == constant.Int {
			return constant.Int64Val(v.Value)
		}
	case *ssa.Convert:
		return lp.num(v.X, c)
	case *ssa.ChangeType:
		return lp.num(v.X, c)
	}
	if lp.chars[v] {
		return int64(c), true
	}
	return 0, false
}

var runeTests = map[string]func(rune) bool{
	"unicode.IsDigit": unicode.IsDigit, "unicode.IsNumber": unicode.IsNumber, "unicode.IsLetter": unicode.IsLetter,
	"unicode.IsUpper": unicode.IsUpper, "unicode.IsLower": unicode.IsLower, "unicode.IsSpace": unicode.IsSpace,
	"unicode.IsPunct": unicode.IsPunct, "unicode.IsPrint": unicode.IsPrint, "unicode.IsGraphic": unicode.IsGraphic,
	"unicode.IsControl": unicode.IsControl, "unicode.IsMark": unicode.IsMark, "unicode.IsSymbol": unicode.IsSymbol,
}
