package flow

import (
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"
)

// FuncValues returns the functions of the package a function value may
// be when it is called (at most MaxVariants; none when it cannot tell):
// a function, function literal or method value (its wrapper, which
// dynamic calls as the method on the receiver it was taken from; a
// standard-library function is modelled) named directly, through variables and
// φ-nodes, the results of the package's functions that return one
// (a picker made by a constructor), the arguments of the visible calls of
// an unexported function's parameter, and, for a func-typed struct field
// or package variable, every value the package stores into it
// (constructors, options, literals, defaults). A field or parameter an
// outside caller can set (an exported field, a parameter of an exported
// function) may also hold any function the package offers for it: its
// exported functions of that type, and the functions its exported
// functions return as that type. A call through such a value is
// evaluated as a call of each (calls.go), as a call through an interface
// is as a call of each implementation.
func (r *Result) FuncValues(v ssa.Value) []*ssa.Function {
	if r.SSA == nil {
		return nil
	}
	fv := &funcVals{r: r, seen: map[ssa.Value]bool{}, have: map[*ssa.Function]bool{}}
	fv.of(v, 0)
	return fv.out
}

type funcVals struct {
	r    *Result
	seen map[ssa.Value]bool
	have map[*ssa.Function]bool
	out  []*ssa.Function
	// offered marks the types whose offers are already added.
	offered []types.Type
}

func (fv *funcVals) add(f *ssa.Function) {
	if f == nil || fv.have[f] || len(fv.out) >= MaxVariants {
		return
	}
	fv.have[f] = true
	fv.out = append(fv.out, f)
}

func (fv *funcVals) of(v ssa.Value, depth int) {
	if v == nil || fv.seen[v] || depth > MaxDepth || len(fv.out) >= MaxVariants {
		return
	}
	fv.seen[v] = true
	switch v := v.(type) {
	case *ssa.Function:
		fv.add(v)
	case *ssa.MakeClosure:
		if f, ok := v.Fn.(*ssa.Function); ok && (f.Synthetic == "" || boundMethod(f) != nil) {
			fv.add(f)
		}
	case *ssa.Phi:
		for _, e := range v.Edges {
			fv.of(e, depth+1)
		}
	case *ssa.ChangeType:
		fv.of(v.X, depth+1)
	case *ssa.UnOp:
		if v.Op != token.MUL {
			return
		}
		switch x := v.X.(type) {
		case *ssa.FieldAddr:
			fv.field(fieldVar(x), depth)
		case *ssa.Global:
			fv.stored(x.Object(), depth)
			if x.Object().Exported() {
				fv.offers(x.Type().Underlying().(*types.Pointer).Elem(), depth)
			}
		case *ssa.Alloc:
			for _, s := range storesTo(x) {
				fv.of(s, depth+1)
			}
		case *ssa.FreeVar:
			for _, b := range fv.bindings(x) {
				for _, s := range storesTo(b) {
					fv.of(s, depth+1)
				}
			}
		}
	case *ssa.Field:
		if st, ok := v.X.Type().Underlying().(*types.Struct); ok && v.Field < st.NumFields() {
			fv.field(st.Field(v.Field), depth)
		}
	case *ssa.FreeVar:
		for _, b := range fv.bindings(v) {
			fv.of(b, depth+1)
		}
	case *ssa.Parameter:
		fv.param(v, depth)
	case *ssa.Call:
		f := v.Call.StaticCallee()
		if f == nil || f.Pkg != fv.r.SSA.Pkg || f.Blocks == nil {
			return
		}
		for _, ret := range returnsOf(f) {
			if len(ret.Results) == 1 {
				fv.of(ret.Results[0], depth+1)
			}
		}
	}
}

// field adds the values the package stores into the field f and, when
// an outside caller can set it, the functions the package offers.
func (fv *funcVals) field(f *types.Var, depth int) {
	if f == nil {
		return
	}
	fv.stored(f, depth)
	if f.Exported() {
		fv.offers(f.Type(), depth)
	}
}

// stored adds the values stored anywhere in the package into the field
// or package variable obj.
func (fv *funcVals) stored(obj types.Object, depth int) {
	for _, s := range fv.r.fnStores[obj] {
		fv.of(s, depth+1)
	}
}

// param adds the arguments of the calls of p's function, when they are
// all in the package; for a function outside callers can call, the
// functions the package offers for p's type too.
func (fv *funcVals) param(p *ssa.Parameter, depth int) {
	fn := p.Parent()
	idx := -1
	for i, q := range fn.Params {
		if q == p {
			idx = i
		}
	}
	for _, c := range fv.r.callers[fn] {
		if args := c.Common().Args; idx >= 0 && idx < len(args) {
			fv.of(args[idx], depth+1)
		}
	}
	if obj := fn.Object(); obj != nil && (obj.Exported() || fv.r.escaped[fn] || fv.r.invoked(fn)) {
		fv.offers(p.Type(), depth)
	}
}

// offers adds the package's exported functions of type t and the
// functions its exported functions return as a t.
func (fv *funcVals) offers(t types.Type, depth int) {
	sig, ok := t.Underlying().(*types.Signature)
	if !ok {
		return
	}
	for _, o := range fv.offered {
		if types.Identical(o, t) {
			return
		}
	}
	fv.offered = append(fv.offered, t)
	for _, fn := range fv.r.SSA.SrcFuncs {
		obj, ok := fn.Object().(*types.Func)
		if !ok || !obj.Exported() || fn.Signature.Recv() != nil || fn.Blocks == nil {
			continue
		}
		if types.Identical(fn.Signature, sig) {
			fv.add(fn)
			continue
		}
		if res := fn.Signature.Results(); res.Len() == 1 && types.Identical(res.At(0).Type().Underlying(), sig) {
			for _, ret := range returnsOf(fn) {
				fv.of(ret.Results[0], depth+1)
			}
		}
	}
}

// bindings returns what the free variable x is bound to where its
// function literal is made.
func (fv *funcVals) bindings(x *ssa.FreeVar) []ssa.Value {
	fn := x.Parent()
	var out []ssa.Value
	for i, f := range fn.FreeVars {
		if f != x {
			continue
		}
		for _, mc := range fv.r.closures[fn] {
			if i < len(mc.Bindings) {
				out = append(out, mc.Bindings[i])
			}
		}
	}
	return out
}

// indexFuncStore records, while the package is indexed, a function
// value stored into a func-typed struct field or package variable.
func (r *Result) indexFuncStore(st *ssa.Store) {
	if _, ok := st.Val.Type().Underlying().(*types.Signature); !ok {
		return
	}
	var obj types.Object
	switch a := st.Addr.(type) {
	case *ssa.FieldAddr:
		if f := fieldVar(a); f != nil {
			obj = f
		}
	case *ssa.Global:
		obj = a.Object()
	}
	if obj != nil {
		r.fnStores[obj] = append(r.fnStores[obj], st.Val)
	}
}

// boundMethod returns the method a bound method value's wrapper
// (s.rowKey, the wrapper's free variable the receiver) calls, or nil.
func boundMethod(f *ssa.Function) *ssa.Function {
	obj, ok := f.Object().(*types.Func)
	if !ok || f.Pkg != nil || len(f.FreeVars) != 1 || f.Signature.Recv() != nil {
		return nil
	}
	if sig, ok := obj.Type().(*types.Signature); !ok || sig.Recv() == nil {
		return nil
	}
	m := f.Prog.FuncValue(obj)
	if m == nil || m == f {
		return nil
	}
	return m
}

// returnsOf returns the return instructions of fn.
func returnsOf(fn *ssa.Function) []*ssa.Return {
	var out []*ssa.Return
	for _, b := range fn.Blocks {
		if n := len(b.Instrs); n > 0 {
			if ret, ok := b.Instrs[n-1].(*ssa.Return); ok {
				out = append(out, ret)
			}
		}
	}
	return out
}
