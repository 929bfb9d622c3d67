// Package plan decides what the Table service does with a $filter: a point
// lookup, a RowKey range in one partition, a scan of one partition, or a
// scan of the whole table. Its rules are those of the Table design guide:
//
//   - point: a top-level PartitionKey eq and a top-level RowKey eq;
//   - range: a top-level PartitionKey eq and RowKey bounds (gt, ge, lt, le)
//     joined to it by and;
//   - partition scan: a top-level PartitionKey eq and nothing usable on
//     RowKey (an or over RowKey values, RowKey ne, or only other
//     properties);
//   - table scan: no top-level PartitionKey eq, whatever RowKey does. An or
//     across partitions, or between key and non-key branches, is a table
//     scan.
//
// "Top-level" means a conjunct of the whole filter: an operand of the
// outermost and, looking through parentheses. A key comparison against a
// literal that is not a string can never match and is not used.
package plan

import (
	"github.com/tablelint/tablelint/edm"
	"github.com/tablelint/tablelint/odata"
)

// Kind is the class of a query plan, most efficient first.
type Kind uint8

// The plan kinds.
const (
	Point Kind = iota + 1
	Range
	PartitionScan
	TableScan
)

var kindNames = [...]string{Point: "point", Range: "range", PartitionScan: "partition-scan", TableScan: "table-scan"}

// String returns the kind's name as reports spell it: "point",
// "range", "partition-scan" or "table-scan".
func (k Kind) String() string {
	if k >= Point && k <= TableScan {
		return kindNames[k]
	}
	return "unknown"
}

// Bound is one end of a key range. Value is nil when that end is open.
type Bound struct {
	Value     *odata.Literal
	Inclusive bool
}

// Set reports whether the bound limits the range.
func (b Bound) Set() bool { return b.Value != nil }

// Plan is what the service does with a filter.
type Plan struct {
	Kind Kind
	// PartitionKey is the partition read by point, range and partition
	// scan plans.
	PartitionKey *odata.Literal
	// RowKey is the entity a point plan reads.
	RowKey *odata.Literal
	// Low and High bound the RowKeys a range plan reads.
	Low, High Bound
	// PKLow and PKHigh bound the PartitionKeys a table scan reads when the
	// filter has top-level PartitionKey range comparisons.
	PKLow, PKHigh Bound
	// Residual holds the top-level conjuncts the key lookup does not
	// answer; every entity read is tested against them. For a table scan
	// without key bounds it is the whole filter. Nil means every entity
	// read is returned. It may share memory with the filter's tree, so
	// it is for reading only.
	Residual []*odata.Factor
}

// Property names of the keys.
const (
	PartitionKey = "PartitionKey"
	RowKey       = "RowKey"
)

// Of plans a parsed filter. A nil or empty filter is a table scan with no
// residual.
func Of(f *odata.Filter) Plan {
	p := Plan{Kind: TableScan}
	var conjBuf [16]*odata.Factor
	conj := f.AppendConjuncts(conjBuf[:0])
	if len(conj) == 0 {
		return p
	}
	var usedBuf [16]bool
	used := usedBuf[:0]
	if len(conj) > len(usedBuf) {
		used = make([]bool, 0, len(conj))
	}
	used = used[:len(conj)]
	// One look at each conjunct finds the first PartitionKey eq and the
	// first RowKey eq, and whether there are key ranges to narrow.
	pk, rk := -1, -1
	pkRanges, rkRanges := false, false
	for i, c := range conj {
		switch {
		case keyCmp(c, PartitionKey, 0) != nil:
			note(&pk, &pkRanges, i, c.Cmp.Op)
		case keyCmp(c, RowKey, 0) != nil:
			note(&rk, &rkRanges, i, c.Cmp.Op)
		}
	}
	if pk < 0 {
		if pkRanges {
			for i, c := range conj {
				if cmp := keyCmp(c, PartitionKey, 0); cmp != nil && isRangeOp(cmp.Op) {
					used[i] = narrow(&p.PKLow, &p.PKHigh, cmp)
				}
			}
		}
		p.Residual = residual(f, conj, used)
		return p
	}
	p.PartitionKey = &conj[pk].Cmp.Value
	used[pk] = true
	p.Kind = PartitionScan
	switch {
	case rk >= 0:
		p.Kind = Point
		p.RowKey = &conj[rk].Cmp.Value
		used[rk] = true
	case rkRanges:
		for i, c := range conj {
			if cmp := keyCmp(c, RowKey, 0); cmp != nil && isRangeOp(cmp.Op) {
				used[i] = narrow(&p.Low, &p.High, cmp)
				p.Kind = Range
			}
		}
	}
	p.Residual = residual(f, conj, used)
	return p
}

// note records the conjunct i, a comparison of a key with op: as the
// first eq of that key in *eq, or as a range comparison in *ranges.
func note(eq *int, ranges *bool, i int, op odata.Op) {
	switch {
	case op == odata.OpEq:
		if *eq < 0 {
			*eq = i
		}
	case isRangeOp(op):
		*ranges = true
	}
}

// keyCmp returns the factor's comparison if it compares the key property
// with a string (or a template placeholder) and, when op is non-zero, uses
// op.
func keyCmp(f *odata.Factor, key string, op odata.Op) *odata.Comparison {
	c := f.Cmp
	if c == nil || c.Property != key || (op != 0 && c.Op != op) {
		return nil
	}
	if t := c.Value.Value.Type; t != edm.String && !(t == edm.Invalid && c.Value.IsParam()) {
		return nil
	}
	return c
}

func isRangeOp(op odata.Op) bool {
	return op == odata.OpGt || op == odata.OpGe || op == odata.OpLt || op == odata.OpLe
}

// narrow tightens low or high with cmp and reports whether cmp is answered
// by the bounds (true), or must stay in the residual (false: a second bound
// whose order against the first is unknown because one is a template).
func narrow(low, high *Bound, cmp *odata.Comparison) bool {
	b := Bound{Value: &cmp.Value, Inclusive: cmp.Op == odata.OpGe || cmp.Op == odata.OpLe}
	lower := cmp.Op == odata.OpGt || cmp.Op == odata.OpGe
	cur := high
	if lower {
		cur = low
	}
	if !cur.Set() {
		*cur = b
		return true
	}
	if cur.Value.IsParam() || b.Value.IsParam() {
		return false
	}
	c := compareBound(b, *cur, lower)
	if c > 0 {
		*cur = b
	}
	return true
}

// compareBound returns >0 if a is tighter than b.
func compareBound(a, b Bound, lower bool) int {
	c, _ := edm.Compare(a.Value.Value, b.Value.Value)
	if c == 0 {
		switch {
		case a.Inclusive == b.Inclusive:
			return 0
		case !a.Inclusive:
			return 1
		}
		return -1
	}
	if lower {
		return c
	}
	return -c
}

// residual returns the unused conjuncts of f (conj may be Of's buffer);
// nil when every conjunct is used. When they are a run of the factors of
// f's top-level conjunction, as they mostly are, it returns that part of
// the filter's own slice of factors rather than allocating one.
func residual(f *odata.Filter, conj []*odata.Factor, used []bool) []*odata.Factor {
	n, first := 0, -1
	for i := range conj {
		if !used[i] {
			if first < 0 {
				first = i
			}
			n++
		}
	}
	if n == 0 {
		return nil
	}
	if run := conj[first : first+n]; !anyUsed(used[first : first+n]) {
		if out := factorsRun(f, run); out != nil {
			return out
		}
	}
	out := make([]*odata.Factor, 0, n)
	for i, c := range conj {
		if !used[i] {
			out = append(out, c)
		}
	}
	return out
}

func anyUsed(used []bool) bool {
	for _, u := range used {
		if u {
			return true
		}
	}
	return false
}

// factorsRun returns the part of the factors of f's top-level conjunction
// that holds the factors run, in order, with its capacity cut to its
// length, so that an append copies it; nil if there is none.
func factorsRun(f *odata.Filter, run []*odata.Factor) []*odata.Factor {
	if len(f.Expr.Terms) != 1 {
		return nil
	}
	fs := f.Expr.Terms[0].Factors
	for k, x := range fs {
		if x != run[0] {
			continue
		}
		if k+len(run) > len(fs) {
			return nil
		}
		for j, r := range run {
			if fs[k+j] != r {
				return nil
			}
		}
		return fs[k : k+len(run) : k+len(run)]
	}
	return nil
}
