package exec

import (
	"cmp"
	"math"
	"strings"

	"github.com/tablelint/tablelint/edm"
	"github.com/tablelint/tablelint/engine/store"
	"github.com/tablelint/tablelint/odata"
)

// pred is a compiled filter: it reports whether an entity matches.
type pred func(e *store.Entity) bool

func matchNone(*store.Entity) bool { return false }

// compileFactors compiles the conjunction of fs; nil matches everything.
func compileFactors(fs []*odata.Factor) pred {
	switch len(fs) {
	case 0:
		return nil
	case 1:
		return compileFactor(fs[0])
	}
	ps := make([]pred, len(fs))
	for i, f := range fs {
		ps[i] = compileFactor(f)
	}
	return and(ps)
}

func and(ps []pred) pred {
	if len(ps) == 2 {
		a, b := ps[0], ps[1]
		return func(e *store.Entity) bool { return a(e) && b(e) }
	}
	return func(e *store.Entity) bool {
		for _, p := range ps {
			if !p(e) {
				return false
			}
		}
		return true
	}
}

func or(ps []pred) pred {
	if len(ps) == 2 {
		a, b := ps[0], ps[1]
		return func(e *store.Entity) bool { return a(e) || b(e) }
	}
	return func(e *store.Entity) bool {
		for _, p := range ps {
			if p(e) {
				return true
			}
		}
		return false
	}
}

func compileExpr(x *odata.Expr) pred {
	if len(x.Terms) == 1 {
		return compileFactors(x.Terms[0].Factors)
	}
	ps := make([]pred, len(x.Terms))
	for i, t := range x.Terms {
		ps[i] = compileFactors(t.Factors)
	}
	return or(ps)
}

// compileFactor compiles one factor. Logic is two-valued: a comparison
// that cannot be made (missing property, other type) is false, and not
// negates it (see the package documentation).
func compileFactor(f *odata.Factor) pred {
	switch {
	case f.Cmp != nil:
		return compileCmp(f.Cmp)
	case f.Group != nil:
		return compileExpr(f.Group)
	case f.Not != nil:
		p := compileFactor(f.Not)
		return func(e *store.Entity) bool { return !p(e) }
	}
	return matchNone
}

// test applies op to the result of a three-way comparison.
func test(op odata.Op, c int) bool {
	switch op {
	case odata.OpEq:
		return c == 0
	case odata.OpNe:
		return c != 0
	case odata.OpGt:
		return c > 0
	case odata.OpGe:
		return c >= 0
	case odata.OpLt:
		return c < 0
	case odata.OpLe:
		return c <= 0
	}
	return false
}

// compileCmp compiles "Property op literal" with the service's semantics:
// a property the entity lacks, or of another type than the literal,
// matches nothing, for every operator including ne. Strings compare in
// UTF-16 order, DateTimes at 100 ns, Guids and Binary by value, and a
// Double NaN matches nothing.
func compileCmp(c *odata.Comparison) pred {
	lit := c.Value.Value
	op := c.Op
	switch c.Property {
	case store.PartitionKey, store.RowKey:
		if lit.Type != edm.String {
			return matchNone
		}
		s := lit.Str
		pk := c.Property == store.PartitionKey
		if op == odata.OpEq {
			if pk {
				return func(e *store.Entity) bool { return e.PartitionKey == s }
			}
			return func(e *store.Entity) bool { return e.RowKey == s }
		}
		if pk {
			return func(e *store.Entity) bool { return test(op, edm.CompareStrings(e.PartitionKey, s)) }
		}
		return func(e *store.Entity) bool { return test(op, edm.CompareStrings(e.RowKey, s)) }
	case store.Timestamp:
		if lit.Type != edm.DateTime {
			return matchNone
		}
		v := lit.Int
		return func(e *store.Entity) bool { return e.Ticks() != 0 && test(op, cmp.Compare(e.Ticks(), v)) }
	}
	id := store.Intern(c.Property)
	typ := lit.Type
	switch typ {
	case edm.String:
		s := lit.Str
		if op == odata.OpEq {
			return func(e *store.Entity) bool {
				r, ok := e.Raw(id)
				return ok && r.Type == edm.String && r.Str == s
			}
		}
		return func(e *store.Entity) bool {
			r, ok := e.Raw(id)
			return ok && r.Type == edm.String && test(op, edm.CompareStrings(r.Str, s))
		}
	case edm.Guid, edm.Binary:
		s := store.RawOf(lit).Str
		if typ == edm.Guid {
			s = strings.ToLower(s)
		}
		return func(e *store.Entity) bool {
			r, ok := e.Raw(id)
			return ok && r.Type == typ && test(op, strings.Compare(r.Str, s))
		}
	case edm.Int32, edm.Int64, edm.DateTime:
		return intPred(id, typ, op, lit.Int)
	case edm.Boolean:
		var v uint64
		if lit.Bool {
			v = 1
		}
		return func(e *store.Entity) bool {
			r, ok := e.Raw(id)
			return ok && r.Type == edm.Boolean && test(op, cmp.Compare(r.Bits, v))
		}
	case edm.Double:
		v := lit.Float
		if math.IsNaN(v) {
			return matchNone
		}
		return func(e *store.Entity) bool {
			r, ok := e.Raw(id)
			if !ok || r.Type != edm.Double {
				return false
			}
			f := math.Float64frombits(r.Bits)
			return !math.IsNaN(f) && test(op, cmp.Compare(f, v))
		}
	}
	return matchNone
}

// intPred is the hot path of simple numeric predicates, specialised per
// operator.
func intPred(id store.NameID, typ edm.Type, op odata.Op, v int64) pred {
	switch op {
	case odata.OpEq:
		return func(e *store.Entity) bool { r, ok := e.Raw(id); return ok && r.Type == typ && int64(r.Bits) == v }
	case odata.OpNe:
		return func(e *store.Entity) bool { r, ok := e.Raw(id); return ok && r.Type == typ && int64(r.Bits) != v }
	case odata.OpGt:
		return func(e *store.Entity) bool { r, ok := e.Raw(id); return ok && r.Type == typ && int64(r.Bits) > v }
	case odata.OpGe:
		return func(e *store.Entity) bool { r, ok := e.Raw(id); return ok && r.Type == typ && int64(r.Bits) >= v }
	case odata.OpLt:
		return func(e *store.Entity) bool { r, ok := e.Raw(id); return ok && r.Type == typ && int64(r.Bits) < v }
	case odata.OpLe:
		return func(e *store.Entity) bool { r, ok := e.Raw(id); return ok && r.Type == typ && int64(r.Bits) <= v }
	}
	return matchNone
}
