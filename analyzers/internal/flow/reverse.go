package flow

import (
	"go/constant"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"
)

// ReverseMin is the smallest constant taken to be the maximum of a
// reverse-time value (max - now): any constant with 18 or more digits.
const ReverseMin = 100_000_000_000_000_000

// maxReverseDepth bounds the values Reverse looks through.
const maxReverseDepth = 8

// Reverse reports whether the integer v is a large constant minus a
// run-time value (reverse ticks: MaxTicks - now), written where v is
// made or in a helper that returns it (the helper's summary, also
// across packages): through integer conversions, the results of calls
// and φ-nodes whose every edge is one (a constant edge, the zero of an
// error path, does not count against it).
func (r *Result) Reverse(v ssa.Value) bool {
	return r.reverse(v, 0)
}

func (r *Result) reverse(v ssa.Value, depth int) bool {
	if v == nil || depth > maxReverseDepth || !integer(v.Type()) {
		return false
	}
	switch v := v.(type) {
	case *ssa.BinOp:
		if v.Op != token.SUB {
			return false
		}
		if _, isConst := v.Y.(*ssa.Const); isConst {
			return false
		}
		c, ok := v.X.(*ssa.Const)
		if !ok || c.Value == nil || c.Value.Kind() != constant.Int {
			return false
		}
		x, exact := constant.Uint64Val(c.Value)
		return exact && x >= ReverseMin
	case *ssa.Convert:
		return r.reverse(v.X, depth+1)
	case *ssa.ChangeType:
		return r.reverse(v.X, depth+1)
	case *ssa.Call:
		return r.reverseResult(&v.Call, 0)
	case *ssa.Extract:
		if call, ok := v.Tuple.(*ssa.Call); ok {
			return r.reverseResult(&call.Call, v.Index)
		}
	case *ssa.Phi:
		some := false
		for _, e := range v.Edges {
			if _, isConst := e.(*ssa.Const); isConst {
				continue
			}
			if !r.reverse(e, depth+1) {
				return false
			}
			some = true
		}
		return some
	}
	return false
}

// reverseResult reports whether result i of the static callee of cc is
// reverse ticks (its summary says so).
func (r *Result) reverseResult(cc *ssa.CallCommon, i int) bool {
	s := r.Summary(cc.StaticCallee())
	return s != nil && i < len(s.Reverse) && s.Reverse[i]
}

// reverseResults says, for each result of fn, whether every return that
// summarize keeps gives reverse ticks there (constants aside, and at
// least one does); nil if none is.
func (r *Result) reverseResults(fn *ssa.Function, rets []*ssa.Return) []bool {
	n := fn.Signature.Results().Len()
	var out []bool
	for i := range n {
		some, all := false, true
		for _, ret := range rets {
			if _, isConst := ret.Results[i].(*ssa.Const); isConst {
				continue
			}
			if !r.reverse(ret.Results[i], 0) {
				all = false
				break
			}
			some = true
		}
		if some && all {
			if out == nil {
				out = make([]bool, n)
			}
			out[i] = true
		}
	}
	return out
}

// integer reports whether t is an integer type.
func integer(t types.Type) bool {
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Info()&types.IsInteger != 0
}
