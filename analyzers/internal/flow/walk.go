package flow

import (
	"cmp"
	"go/token"
	"iter"
	"slices"

	"golang.org/x/tools/go/ssa"
)

// Calls yields every call instruction (calls, go and defer statements) of
// the package's source functions, with the function that makes it, in
// the order of the functions, their blocks and their instructions: the
// one walk rules make over a package's calls.
func (r *Result) Calls() iter.Seq2[*ssa.Function, ssa.CallInstruction] {
	return func(yield func(*ssa.Function, ssa.CallInstruction) bool) {
		if r.SSA == nil {
			return
		}
		for _, fn := range r.SSA.SrcFuncs {
			for _, b := range fn.Blocks {
				for _, in := range b.Instrs {
					if c, ok := in.(ssa.CallInstruction); ok && !yield(fn, c) {
						return
					}
				}
			}
		}
	}
}

// CallSite is a call of the package and one function it may run.
type CallSite struct {
	Fn     *ssa.Function       // the function that makes the call
	Call   ssa.CallInstruction // the call
	Callee *ssa.Function       // a function the call may run (Implementations)
	// Args are the call's arguments, an interface call's receiver first,
	// so that Args[i] is what the callee's parameter i is given.
	Args []ssa.Value
}

// PropagateParams is the fixpoint by which a rule carries what functions
// do with their parameters up the calls of the package, helpers calling
// helpers in any order: params returns what the rule knows of a callee's
// parameters (its own summaries so far, or an imported fact), by a key
// that names the parameter, param(key) its index in CallSite.Args; visit
// is called once for each call site, callee and key whose parameter the
// call gives, in key order, and again whenever the callee's summary has
// grown since (a visit of a call the callee makes returned true: what
// the callee's parameter becomes may have changed, such as one more
// place that makes it a key, whichever order the calls are walked in),
// and returns whether it learned something (a summary of the calling
// function grew). The walk repeats while a round learns something, at
// most MaxSummaryRounds rounds.
func PropagateParams[K cmp.Ordered, V any](r *Result, params func(callee *ssa.Function) map[K]V, param func(K) int, visit func(site CallSite, key K, v V) bool) {
	type seen struct {
		pos    token.Pos
		key    K
		callee *ssa.Function
	}
	// done holds the callee's generation at the visit: a function's
	// generation grows with each visit of its calls that learns
	// something, so a call site is visited again once its callee's
	// summary has grown. Generic instances count as their origin.
	done := map[seen]int{}
	gen := map[*ssa.Function]int{}
	origin := func(f *ssa.Function) *ssa.Function {
		if o := f.Origin(); o != nil {
			return o
		}
		return f
	}
	for range MaxSummaryRounds {
		grew := false
		for fn, call := range r.Calls() {
			cc := call.Common()
			args := paramArgs(cc)
			impls := r.Implementations(cc)
			if len(impls) == 0 && cc.IsInvoke() {
				impls = r.importedImpls(cc) // implemented in the package that declares it
			}
			for _, impl := range impls {
				ps := params(impl)
				keys := make([]K, 0, len(ps))
				for k := range ps {
					keys = append(keys, k)
				}
				slices.Sort(keys)
				for _, k := range keys {
					if i := param(k); i < 0 || i >= len(args) {
						continue
					}
					id := seen{call.Pos(), k, impl}
					g := gen[origin(impl)] + 1 // zero: never visited
					if done[id] == g {
						continue
					}
					done[id] = g
					if visit(CallSite{Fn: fn, Call: call, Callee: impl, Args: args}, k, ps[k]) {
						gen[origin(fn)]++
						grew = true
					}
				}
			}
		}
		if !grew {
			break
		}
	}
}
