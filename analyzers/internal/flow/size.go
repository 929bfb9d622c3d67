package flow

import (
	"go/constant"
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/ssa"
)

// Unlimited is Hole.Max for a value the code makes grow without a limit
// of its own (strings.Repeat by a count that is not a constant).
const Unlimited = -1

// Sizes of formatted values: the longest text each bound allows.
const (
	digitsMax = 20 // an int64 with its sign, a uint64
	numberMax = 32 // %g of a float64, %t
	uuidMax   = 36
	digestMax = 128 // hex of a SHA-512 sum
	timeSlack = 12  // month and day names, fractions, zones beyond the layout's own text
)

// Size is what the code says about how many bytes a value can hold.
type Size struct {
	// Unbounded: bytes that come from outside with no limit on the way
	// (a response, request or file read whole, a decoded document
	// marshalled again, a caller's []byte, strings.Repeat by a count
	// that is not a constant). What names the first such origin.
	Unbounded bool
	// Bounded: every part has a known largest size, and Max is the
	// largest of the value's variants, in bytes.
	Bounded bool
	Max     int64
	What    string
	// Least is the fewest bytes every variant holds, a lower bound
	// whatever the run-time values: its constant text and what the code
	// says of its holes (Hole.Min). 0 when an Approx value may have
	// lost a shorter variant.
	Least int64
}

// SizeOf says how large v can be: unbounded when any part of any
// variant is, bounded when every part of every variant is (constant
// text, formatted numbers, UUIDs, digests, times with a layout, a value
// read through a limiting reader, truncated to a constant, or under a
// len guard: Hole.Max), else neither (unknown). An Approx value is never
// Bounded: a variant dropped could be longer.
func SizeOf(v Value) Size {
	var s Size
	bounded := len(v.Variants) > 0 && !v.Approx
	least := int64(-1)
	for _, vr := range v.Variants {
		var sum, low int64
		for _, p := range vr.Parts {
			if p.Hole == nil {
				sum += int64(len(p.Text))
				low += int64(len(p.Text))
				continue
			}
			low += max(p.Hole.Min, 0)
			n, unb, what := holeSize(p.Hole)
			switch {
			case unb:
				if !s.Unbounded {
					s.Unbounded, s.What = true, what
				}
				bounded = false
			case n < 0:
				bounded = false
			default:
				sum += n
			}
		}
		s.Max = max(s.Max, sum)
		if least < 0 || low < least {
			least = low
		}
	}
	if !v.Approx && least > 0 {
		s.Least = least
	}
	if s.Unbounded || !bounded {
		s.Max = 0
		return s
	}
	s.Bounded = true
	return s
}

// holeSize returns the most bytes h can hold (-1 when unknown), or that
// it is unbounded, with what to call it.
func holeSize(h *Hole) (n int64, unbounded bool, what string) {
	// What a value's characters are bounds its length, whatever it was
	// made from (a digit string of a long text's length).
	n = -1
	switch {
	case h.Bound&UUID != 0:
		n = uuidMax
	case h.Bound&Digits != 0:
		n = digitsMax
	case h.Bound&Number != 0:
		n = numberMax
	case h.Bound&Hex != 0 && h.Bound&LengthChecked != 0:
		n = digestMax
	case h.Bound&Time != 0 && h.Layout != "":
		n = int64(len(h.Layout)) + timeSlack
	}
	switch {
	case h.Max > 0 && (n < 0 || h.Max < n):
		return h.Max, false, ""
	case n >= 0:
		return n, false, ""
	case h.Max == Unlimited:
		return 0, true, orWhat(h.What, "a repeated text")
	case h.Bound&LengthChecked != 0:
		return -1, false, "" // checked against a bound the engine does not know
	case h.Source == Body:
		return 0, true, orWhat(h.What, "a stream read whole")
	case h.Source == Request && h.What == "r.Body":
		return 0, true, "a request body"
	case h.Source == Request && h.Bound&Validated == 0 && decodedRaw(h):
		if h.What == "body" {
			return 0, true, "a decoded request body"
		}
		return 0, true, "a request field (" + h.What + ")"
	case h.Source == Param && h.Exported && h.src != nil && isByteSlice(h.src.Type()):
		return 0, true, "a caller's []byte"
	}
	return -1, false, ""
}

// decodedRaw reports whether h is raw bytes (a []byte, a
// json.RawMessage) decoded from a request body, or such a field of a
// request model decoded from one (decodedInto: "body", "body.Note.Raw"):
// a document as long as the client makes it, unless the body was
// limited or the value checked (Max, LengthChecked, Validated: the
// callers' cases). A string field is not counted: the corpora's blind
// labels leave a request model's names, titles and notes unmarked.
func decodedRaw(h *Hole) bool {
	if h.What != "body" && !strings.HasPrefix(h.What, "body.") {
		return false
	}
	t := h.typ
	if t == nil && h.src != nil {
		t = h.src.Type()
	}
	return t != nil && isByteSlice(t)
}

func orWhat(what, dflt string) string {
	if what == "" {
		return dflt
	}
	return what
}

func isByteSlice(t types.Type) bool {
	s, ok := t.Underlying().(*types.Slice)
	if !ok {
		return false
	}
	b, ok := s.Elem().Underlying().(*types.Basic)
	return ok && b.Kind() == types.Byte
}

// aeadSlack is what an AEAD's Seal adds to the plaintext, at most: the
// nonce commonly given as dst and the tag.
const aeadSlack = 64

// scaled is v (one hole, an encoding of a value) with its Max, when it
// has one, scaled by num/den: base64 takes 4 bytes for 3, hex 2 for 1.
// An unbounded value stays unbounded.
func scaled(v Value, num, den int64) Value {
	return mapHoles(v, func(h Hole) Hole {
		if h.Max > 0 {
			h.Max = (h.Max*num + den - 1) / den
		}
		return h
	})
}

// withMax bounds every hole of v to at most n bytes (a truncation, a
// limiting reader, a len guard): the smaller bound wins.
func withMax(v Value, n int64) Value {
	return mapHoles(v, func(h Hole) Hole {
		if h.Max <= 0 || n < h.Max {
			h.Max = n
		}
		h.Bound |= LengthChecked
		return h
	})
}

// sizeOfWhole is the Max a hole standing for the whole of v (opaque)
// keeps: Unlimited when v is, the largest size when a hole of v was
// given a bound, 0 otherwise (the new hole's own bounds say it).
func sizeOfWhole(v Value) int64 {
	limited := false
	for _, h := range v.Holes() {
		if h.Max == Unlimited {
			return Unlimited
		}
		limited = limited || h.Max > 0
	}
	if s := SizeOf(v); limited && s.Bounded {
		return s.Max
	}
	return 0
}

// constInt returns the value of an integer constant.
func constInt(v ssa.Value) (int64, bool) {
	c, ok := v.(*ssa.Const)
	if !ok || c.Value == nil || c.Value.Kind() != constant.Int {
		return 0, false
	}
	return constant.Int64Val(c.Value)
}

// SizeAt is SizeOf the value v takes at the instruction at of fn, with
// the len guards that dominate at applied: after `if len(x) > N
// { return }` x holds at most N bytes there (LenRange).
func (r *Result) SizeAt(fn *ssa.Function, v ssa.Value, at ssa.Instruction) Size {
	val := r.OfLocal(v)
	if at != nil && at.Block() != nil {
		if n, ok := lenGuard(v, at.Block()); ok {
			val = withMax(val, n)
		} else {
			val = mapHoles(val, func(h Hole) Hole {
				if h.src != nil && h.src != v {
					if n, ok := lenGuard(h.src, at.Block()); ok && (h.Max <= 0 || n < h.Max) {
						h.Max = n
					}
				}
				return h
			})
		}
	}
	return SizeOf(val)
}

// lenGuard returns the most bytes x can hold in block b by the len(x)
// comparisons with a constant that b sits under (walking up the
// dominator tree, as guardOn does): the smallest upper bound found.
func lenGuard(x ssa.Value, b *ssa.BasicBlock) (int64, bool) {
	if al := loadedLocal(x); al != nil {
		b = x.(*ssa.UnOp).Block()
	}
	best, found := int64(0), false
	eachGuardIf(b, nil, func(ifi *ssa.If, p, d *ssa.BasicBlock) bool {
		same := func(a ssa.Value) bool { return a == x || sameLoad(a, x, p, d) }
		if most, ok := lenTest(ifi.Cond, same, d == p.Succs[0]); ok && (!found || most < best) {
			best, found = most, true
		}
		return false
	})
	return best, found
}

// lenTest returns the upper bound cond, a comparison of len(x) with a
// constant, puts on len(x) when it evaluates to holds.
func lenTest(cond ssa.Value, x func(ssa.Value) bool, holds bool) (int64, bool) {
	if u, ok := cond.(*ssa.UnOp); ok && u.Op == token.NOT {
		return lenTest(u.X, x, !holds)
	}
	op, n, lenLeft, ok := lenCmp(cond, x, false)
	if !ok {
		return 0, false
	}
	_, most, ok := LenRange(op, n, lenLeft, holds)
	if !ok || most < 0 {
		return 0, false
	}
	return most, true
}

// repeated is strings.Repeat (bytes.Repeat) of text, count times: at
// most count times its size when count is a constant or a constant minus
// something (padding to a width: strings.Repeat("0", 10-len(s))), a
// value with no limit of the code's own otherwise.
func repeated(text Value, count ssa.Value) Value {
	out := opaque(text, 0)
	n, ok := constInt(count)
	if bo, isSub := count.(*ssa.BinOp); !ok && isSub && bo.Op == token.SUB {
		n, ok = constInt(bo.X)
	}
	h := out.Holes()[0]
	if _, isConst := count.(*ssa.Const); isConst && ok && n > 0 {
		h.Min = n * SizeOf(text).Least // at least count times the text's least
	}
	switch s := SizeOf(text); {
	case !ok:
		h.Max = Unlimited
	case s.Bounded:
		h.Max = max(n*s.Max, 0)
		if h.Max == 0 {
			return textValue("")
		}
	}
	return out
}

// A Cut is a string or []byte value a function cuts into pieces: Value
// is what is cut (a parameter, a variable's first value), Pos the slice
// expression that takes a piece.
type Cut struct {
	Value ssa.Value
	Pos   token.Pos
}

// maxCutPhis bounds the φ-nodes one cut is followed through.
const maxCutPhis = 16

// Cuts returns the values fn cuts into pieces: resliced by a bound that
// moves from one iteration to the next (v = v[n:] in a loop, whose
// φ-node is followed back to the value the loop starts with; v[i:j]
// with i not a constant). Every piece of such a value is used, so
// wherever the pieces go, all of the value goes.
func Cuts(fn *ssa.Function) []Cut {
	var out []Cut
	seen := map[ssa.Value]bool{}
	for _, b := range fn.Blocks {
		for _, in := range b.Instrs {
			s, ok := in.(*ssa.Slice)
			if !ok || s.Low == nil && s.High == nil || !isStringType(s.X.Type()) && !isByteSlice(s.X.Type()) {
				continue
			}
			var roots []ssa.Value
			if phi, ok := s.X.(*ssa.Phi); ok {
				roots = cutRoots(phi)
			} else if _, isConst := s.Low.(*ssa.Const); s.Low != nil && !isConst {
				roots = []ssa.Value{s.X}
			}
			for _, r := range roots {
				if !seen[r] {
					seen[r] = true
					out = append(out, Cut{Value: r, Pos: s.Pos()})
				}
			}
		}
	}
	return out
}

// cutRoots follows the φ-node of a variable a loop reslices back to the
// values it starts with: edges that are neither φ-nodes of it nor
// slices of them.
func cutRoots(phi *ssa.Phi) []ssa.Value {
	phis := map[*ssa.Phi]bool{}
	var roots []ssa.Value
	var walk func(p *ssa.Phi)
	walk = func(p *ssa.Phi) {
		if phis[p] || len(phis) >= maxCutPhis {
			return
		}
		phis[p] = true
		for _, e := range p.Edges {
			switch e := e.(type) {
			case *ssa.Phi:
				walk(e)
			case *ssa.Slice:
				if x, ok := e.X.(*ssa.Phi); ok {
					walk(x)
					continue
				}
				roots = append(roots, e)
			default:
				roots = append(roots, e)
			}
		}
	}
	walk(phi)
	// A cut is a loop's: a φ with no slice of itself among its edges is
	// a variable merely assigned in branches.
	loop := false
	for p := range phis {
		for _, e := range p.Edges {
			if s, ok := e.(*ssa.Slice); ok {
				if x, ok := s.X.(*ssa.Phi); ok && phis[x] {
					loop = true
				}
			}
		}
	}
	if !loop {
		return nil
	}
	return roots
}
