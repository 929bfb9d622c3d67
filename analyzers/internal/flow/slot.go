package flow

import (
	"go/token"
	"strings"

	"golang.org/x/tools/go/ssa"
)

// SlotAfter returns the run-time value the code puts in v's text right
// after constant text that before accepts (given all the constant text
// that precedes the slot in its piece: the left side of a +, the format
// of a fmt.Sprintf up to the verb): the right operand of a + whose left
// side is that text, or the argument of the verb. Followed: chains of +
// and fmt.Sprintf with a constant format without %[n] or * (through the
// variables SSA removes, and a variable kept in memory that is stored
// once). ok is false for any other shape (a helper that
// builds the text, a value chosen in branches).
func (r *Result) SlotAfter(v ssa.Value, before func(text string) bool) (ssa.Value, bool) {
	return r.slotAfter(v, before, 0)
}

func (r *Result) slotAfter(v ssa.Value, before func(string) bool, depth int) (ssa.Value, bool) {
	if depth > MaxDepth {
		return nil, false
	}
	switch x := unwrapSame(v).(type) {
	case *ssa.Alloc:
		// A variable kept in memory (&filter): its one stored value.
		if st := storesTo(x); len(st) == 1 {
			return r.slotAfter(st[0], before, depth+1)
		}
	case *ssa.BinOp:
		if x.Op != token.ADD {
			return nil, false
		}
		if left, ok := ConstText(r.OfLocal(x.X)); ok {
			if before(left) {
				return x.Y, true
			}
			return nil, false
		}
		return r.slotAfter(x.X, before, depth+1)
	case *ssa.Call:
		f := x.Call.StaticCallee()
		if f == nil || callee(f) != "fmt.Sprintf" || len(x.Call.Args) != 2 {
			return nil, false
		}
		format, ok := ConstText(r.OfLocal(x.Call.Args[0]))
		args, okArgs := sliceLiteral(x.Call.Args[1])
		if !ok || !okArgs {
			return nil, false
		}
		n := 0
		for i := 0; i < len(format); i++ {
			if format[i] != '%' {
				continue
			}
			j := i + 1
			for j < len(format) && strings.IndexByte("+-# 0123456789.", format[j]) >= 0 {
				j++
			}
			if j >= len(format) || format[j] == '[' || format[j] == '*' {
				return nil, false
			}
			if format[j] == '%' {
				i = j
				continue
			}
			if before(format[:i]) {
				if n < len(args) {
					return unwrapSame(args[n]), true
				}
				return nil, false
			}
			n++
			i = j
		}
	}
	return nil, false
}
