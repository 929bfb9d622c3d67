package flow

import (
	"go/token"

	"golang.org/x/tools/go/ssa"

	"github.com/tablelint/tablelint/analyzers/internal/sdk"
)

// A Path is one value a value takes on one way through the code that
// builds it, and the branch conditions that may choose that way (Paths).
type Path struct {
	// Value is what the path gives: an edge of a φ-node, the result of
	// one return statement of a function of the package; the constant
	// text concatenated around it is not part of it.
	Value ssa.Value
	// Conds are the conditions of the branches (If instructions) on
	// the way from where the paths part to Value: every branch that can
	// lie between them, a superset of those that choose the way.
	Conds []ssa.Value
	// Known is false when the conditions could not all be collected
	// (more blocks than the engine looks at): the path may be chosen by
	// anything.
	Known bool
}

// maxPaths bounds the paths Paths returns for one value.
const maxPaths = 16

// Paths returns the ways v is built, each with its value and the
// conditions that choose it: through the edges of φ-nodes (a variable
// assigned in branches), the return statements of the package's own
// functions whose result v is (pk := w.partition(m), each return of
// partition), conversions, and concatenation with constant text. A value
// that is none of these is one path. Past maxPaths or MaxDepth the rest
// is dropped: a rule may report what a path shows, never conclude from
// the absence of one.
func (r *Result) Paths(v ssa.Value) []Path {
	var out []Path
	seen := map[ssa.Value]bool{}
	var walk func(v ssa.Value, conds []ssa.Value, known bool, depth int)
	walk = func(v ssa.Value, conds []ssa.Value, known bool, depth int) {
		if len(out) >= maxPaths || depth > MaxDepth || v == nil || seen[v] {
			return
		}
		seen[v] = true
		with := func(more []ssa.Value) []ssa.Value {
			return append(append([]ssa.Value(nil), conds...), more...)
		}
		switch x := v.(type) {
		case *ssa.Phi:
			b := x.Block()
			stop := b.Idom()
			for i, e := range x.Edges {
				if i >= len(b.Preds) || stop == nil {
					break
				}
				cs, ok := branchesTo(b.Preds[i], stop)
				walk(e, with(cs), known && ok, depth+1)
			}
			return
		case *ssa.MakeInterface:
			walk(x.X, conds, known, depth+1)
			return
		case *ssa.ChangeType:
			walk(x.X, conds, known, depth+1)
			return
		case *ssa.BinOp:
			if x.Op == token.ADD && isStringType(x.Type()) {
				if _, ok := x.X.(*ssa.Const); ok {
					walk(x.Y, conds, known, depth+1)
					return
				}
				if _, ok := x.Y.(*ssa.Const); ok {
					walk(x.X, conds, known, depth+1)
					return
				}
			}
		case *ssa.Call:
			if rets := r.ownReturns(x); rets != nil && x.Common().Signature().Results().Len() == 1 {
				for _, ret := range rets.rets {
					cs, ok := branchesTo(ret.Block(), rets.stop)
					walk(ret.Results[0], with(cs), known && ok, depth+1)
				}
				return
			}
		case *ssa.Extract:
			if c, ok := x.Tuple.(*ssa.Call); ok {
				if rets := r.ownReturns(c); rets != nil {
					for _, ret := range rets.rets {
						if x.Index >= len(ret.Results) {
							continue
						}
						cs, ok := branchesTo(ret.Block(), rets.stop)
						walk(ret.Results[x.Index], with(cs), known && ok, depth+1)
					}
					return
				}
			}
		}
		out = append(out, Path{Value: v, Conds: conds, Known: known})
	}
	walk(v, nil, true, 0)
	return out
}

// returns are the return statements of a function and the block that
// dominates them all, where their paths part.
type returns struct {
	rets []*ssa.Return
	stop *ssa.BasicBlock
}

// ownReturns returns the return statements of the function a static
// call of the package's own code calls (not a generic function's, which
// runs through its instances), or nil.
func (r *Result) ownReturns(c *ssa.Call) *returns {
	f := c.Common().StaticCallee()
	if f == nil || f.Pkg != r.SSA.Pkg || f.Blocks == nil || f.TypeParams().Len() > 0 || f.TypeArgs() != nil {
		return nil
	}
	out := &returns{}
	for _, b := range f.Blocks {
		if n := len(b.Instrs); n > 0 {
			if ret, ok := b.Instrs[n-1].(*ssa.Return); ok {
				out.rets = append(out.rets, ret)
				if out.stop == nil {
					out.stop = b
				}
				for out.stop != nil && !out.stop.Dominates(b) {
					out.stop = out.stop.Idom()
				}
			}
		}
	}
	if len(out.rets) == 0 || out.stop == nil {
		return nil
	}
	return out
}

// branchesTo returns the conditions of the branches in the blocks that
// lie on a way from stop (which dominates b) to b, stop included: every
// condition that can choose whether b is reached from stop. ok is false
// past maxGuardBlocks blocks.
func branchesTo(b, stop *ssa.BasicBlock) (conds []ssa.Value, ok bool) {
	seen := map[*ssa.BasicBlock]bool{b: true}
	work := []*ssa.BasicBlock{b}
	for len(work) > 0 {
		d := work[len(work)-1]
		work = work[:len(work)-1]
		if len(seen) > maxGuardBlocks {
			return nil, false
		}
		if d != b {
			if n := len(d.Instrs); n > 0 {
				if ifi, isIf := d.Instrs[n-1].(*ssa.If); isIf {
					conds = append(conds, ifi.Cond)
				}
			}
		}
		if d == stop {
			continue
		}
		for _, p := range d.Preds {
			if !seen[p] && stop.Dominates(p) {
				seen[p] = true
				work = append(work, p)
			}
		}
	}
	// b's own branch is taken after b: it chooses what follows, not
	// whether b is reached; but when b is the edge of a φ-node (the
	// predecessor that jumps to the merge), its branch is the one that
	// chose that edge.
	if n := len(b.Instrs); n > 0 {
		if ifi, isIf := b.Instrs[n-1].(*ssa.If); isIf {
			conds = append(conds, ifi.Cond)
		}
	}
	return conds, true
}

// Settled reports whether the value v is the same for every write a
// program makes: built (by operators, conversions, len) only from
// constants, package variables, environment variables (os.Getenv,
// os.LookupEnv) and the fields of a writer — a parameter (a method's
// receiver) of a struct type that holds a Table client
// (sdk.HoldsTableClient): its settings, given once when it is made.
// A parameter of any other type, a local, a call's result: a value of
// the write, not settled.
func Settled(v ssa.Value) bool { return settled(v, 0) }

func settled(v ssa.Value, depth int) bool {
	if depth > MaxDepth {
		return false
	}
	switch x := v.(type) {
	case *ssa.Const, *ssa.Global:
		return true
	case *ssa.Parameter:
		return sdk.HoldsTableClient(x.Type())
	case *ssa.BinOp:
		return settled(x.X, depth+1) && settled(x.Y, depth+1)
	case *ssa.UnOp:
		if x.Op == token.ARROW {
			return false
		}
		return settled(x.X, depth+1) // !, -, ^, and a load (*addr)
	case *ssa.FieldAddr:
		return settled(x.X, depth+1)
	case *ssa.Field:
		return settled(x.X, depth+1)
	case *ssa.Convert:
		return settled(x.X, depth+1)
	case *ssa.ChangeType:
		return settled(x.X, depth+1)
	case *ssa.Call:
		cc := x.Common()
		if b, ok := cc.Value.(*ssa.Builtin); ok {
			return b.Name() == "len" && len(cc.Args) == 1 && settled(cc.Args[0], depth+1)
		}
		if f := cc.StaticCallee(); f != nil && callee(f) == "os.Getenv" {
			return true
		}
	case *ssa.Extract:
		if c, ok := x.Tuple.(*ssa.Call); ok {
			if f := c.Common().StaticCallee(); f != nil && callee(f) == "os.LookupEnv" {
				return true
			}
		}
	}
	return false
}

// Chosen reports whether the path p is chosen by settled values alone
// (Settled): its conditions all known, at least one, every one settled.
// Every write of a program (a deployment) whose settings take that way
// gets p's value: a default for a setting left empty.
func (p Path) Chosen() bool {
	if !p.Known || len(p.Conds) == 0 {
		return false
	}
	for _, c := range p.Conds {
		if !Settled(c) {
			return false
		}
	}
	return true
}
