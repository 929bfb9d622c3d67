package odata

// Node is any node of the AST: *Filter, *Expr, *Term, *Factor, *Comparison.
type Node interface{ node() }

func (*Filter) node()     {}
func (*Expr) node()       {}
func (*Term) node()       {}
func (*Factor) node()     {}
func (*Comparison) node() {}

// Inspect walks the tree rooted at n in depth-first order, calling fn for
// each node before its children; if fn returns false the children are
// skipped.
func Inspect(n Node, fn func(Node) bool) {
	switch n := n.(type) {
	case *Filter:
		if n == nil || !fn(n) {
			return
		}
		if n.Expr != nil {
			Inspect(n.Expr, fn)
		}
	case *Expr:
		if !fn(n) {
			return
		}
		for _, t := range n.Terms {
			Inspect(t, fn)
		}
	case *Term:
		if !fn(n) {
			return
		}
		for _, f := range n.Factors {
			Inspect(f, fn)
		}
	case *Factor:
		if !fn(n) {
			return
		}
		switch {
		case n.Not != nil:
			Inspect(n.Not, fn)
		case n.Group != nil:
			Inspect(n.Group, fn)
		case n.Cmp != nil:
			Inspect(n.Cmp, fn)
		}
	case *Comparison:
		fn(n)
	}
}

// Comparisons returns every comparison in the filter, in source order.
func (f *Filter) Comparisons() []*Comparison {
	var out []*Comparison
	Inspect(f, func(n Node) bool {
		if c, ok := n.(*Comparison); ok {
			out = append(out, c)
		}
		return true
	})
	return out
}

// Params returns every placeholder in a template filter, in source order.
func (f *Filter) Params() []*Param {
	var out []*Param
	for _, c := range f.Comparisons() {
		for _, p := range c.Value.Parts {
			if p.Param != nil {
				out = append(out, p.Param)
			}
		}
	}
	return out
}

// Conjuncts returns the factors that must all hold for the filter to hold:
// the top-level operands of and, looking through parentheses around a
// single conjunction. It returns nil for an empty filter, and the whole
// expression as one factor-like group when the top level is an or.
func (f *Filter) Conjuncts() []*Factor {
	if f == nil || f.Expr == nil {
		return nil
	}
	n := 1
	if len(f.Expr.Terms) == 1 {
		n = len(f.Expr.Terms[0].Factors)
	}
	return conjunctsOf(f.Expr, make([]*Factor, 0, n))
}

// AppendConjuncts appends the filter's conjuncts (see Conjuncts) to dst
// and returns the extended slice, so that a caller that needs them only
// for a while can keep them in a buffer of its own.
func (f *Filter) AppendConjuncts(dst []*Factor) []*Factor {
	if f == nil || f.Expr == nil {
		return dst
	}
	return conjunctsOf(f.Expr, dst)
}

func conjunctsOf(o *Expr, out []*Factor) []*Factor {
	if len(o.Terms) != 1 {
		return append(out, &Factor{Group: o})
	}
	for _, f := range o.Terms[0].Factors {
		if f.Group != nil && len(f.Group.Terms) == 1 {
			out = conjunctsOf(f.Group, out)
			continue
		}
		out = append(out, f)
	}
	return out
}
