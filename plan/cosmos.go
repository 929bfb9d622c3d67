package plan

import "github.com/tablelint/tablelint/odata"

// IndexedComparison reports whether the filter has a top-level
// comparison of a property other than the keys that an index answers (eq
// or a bound). On the Cosmos DB Table API every property is indexed, so
// such a query reads the entities the comparison matches rather than
// scanning its partition or table.
func IndexedComparison(f *odata.Filter) bool {
	if f == nil {
		return false
	}
	for _, c := range f.Conjuncts() {
		if c.Cmp == nil || c.Cmp.Property == PartitionKey || c.Cmp.Property == RowKey {
			continue
		}
		switch c.Cmp.Op {
		case odata.OpEq, odata.OpGt, odata.OpGe, odata.OpLt, odata.OpLe:
			return true
		}
	}
	return false
}
