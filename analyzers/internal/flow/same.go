package flow

import (
	"go/token"

	"golang.org/x/tools/go/ssa"
)

// Equality by computation. Two values of one function are the same
// when SameValue says so, or when both are the same computation of the
// same values: the same operator on same operands, the same conversion,
// or calls of the same function that gives equal results for equal
// arguments — the standard library's formatting functions (deterministicStd)
// and functions of the package whose summary is built only of constant
// text and their parameters (no clock, no random source, no global, no
// other call the engine cannot follow). Two calls of uuid.New, or of a
// helper that reads a counter, are different.

// deterministicStd lists standard functions whose result depends only
// on their arguments.
var deterministicStd = map[string]bool{
	"fmt.Sprintf": true, "fmt.Sprint": true, "fmt.Sprintln": true,
	"strconv.Itoa": true, "strconv.FormatInt": true, "strconv.FormatUint": true,
	"strconv.FormatBool": true, "strconv.FormatFloat": true, "strconv.Quote": true,
	"strings.ToLower": true, "strings.ToUpper": true, "strings.TrimSpace": true,
	"strings.Trim": true, "strings.TrimPrefix": true, "strings.TrimSuffix": true,
	"strings.Replace": true, "strings.ReplaceAll": true, "strings.Join": true,
	"strings.Repeat": true, "net/url.QueryEscape": true, "net/url.PathEscape": true,
	"time.Time.Format": true, "time.Time.UTC": true, "time.Time.Truncate": true,
	"github.com/google/uuid.UUID.String": true,
	"github.com/gofrs/uuid.UUID.String":  true,
}

// SameComputed reports whether a and b, values of one function, are
// known to be equal at run time: SameValue, or the same computation of
// equal values (see above).
func (r *Result) SameComputed(a, b ssa.Value) bool { return r.sameComputed(a, b, 0) }

func (r *Result) sameComputed(a, b ssa.Value, depth int) bool {
	if SameValue(a, b) {
		return true
	}
	a, b = unwrapSame(a), unwrapSame(b)
	if a == nil || b == nil || depth > MaxDepth {
		return false
	}
	switch x := a.(type) {
	case *ssa.BinOp:
		y, ok := b.(*ssa.BinOp)
		return ok && x.Op == y.Op && r.sameComputed(x.X, y.X, depth+1) && r.sameComputed(x.Y, y.Y, depth+1)
	case *ssa.Convert:
		y, ok := b.(*ssa.Convert)
		return ok && r.sameComputed(x.X, y.X, depth+1)
	case *ssa.UnOp:
		y, ok := b.(*ssa.UnOp)
		return ok && x.Op == y.Op && x.Op != token.MUL && x.Op != token.ARROW && r.sameComputed(x.X, y.X, depth+1)
	case *ssa.Extract:
		y, ok := b.(*ssa.Extract)
		return ok && x.Index == y.Index && r.sameComputed(x.Tuple, y.Tuple, depth+1)
	case *ssa.Call:
		y, ok := b.(*ssa.Call)
		if !ok {
			return false
		}
		fx, fy := x.Call.StaticCallee(), y.Call.StaticCallee()
		if fx == nil || fx != fy || !r.deterministic(fx) || len(x.Call.Args) != len(y.Call.Args) {
			return false
		}
		for i := range x.Call.Args {
			if !r.sameArg(x.Call.Args[i], y.Call.Args[i], depth+1) {
				return false
			}
		}
		return true
	}
	return false
}

// sameArg compares two arguments, a variadic slice element by element.
func (r *Result) sameArg(a, b ssa.Value, depth int) bool {
	if r.sameComputed(a, b, depth) {
		return true
	}
	ea, okA := sliceLiteral(a)
	eb, okB := sliceLiteral(b)
	if !okA || !okB || len(ea) != len(eb) {
		return false
	}
	for i := range ea {
		if !r.sameComputed(ea[i], eb[i], depth) {
			return false
		}
	}
	return true
}

// deterministic reports whether f's results depend only on its
// arguments: a listed standard function, or a function of the package
// whose summary is only constant text and its parameters.
func (r *Result) deterministic(f *ssa.Function) bool {
	if deterministicStd[callee(f)] {
		return true
	}
	if f.Pkg == nil || f.Pkg != r.SSA.Pkg || f.Blocks == nil {
		return false
	}
	s := r.Summary(f)
	if s == nil || len(s.Results) == 0 {
		return false
	}
	res := f.Signature.Results()
	for i, v := range s.Results {
		if i < res.Len() && isError(res.At(i).Type()) {
			continue
		}
		if v.Approx || len(v.Variants) == 0 {
			return false
		}
		for _, h := range v.Holes() {
			// A field of a parameter may change between the calls.
			if h.Source != Param || h.Field != "" {
				return false
			}
		}
	}
	return true
}
