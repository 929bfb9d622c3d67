package review

import "github.com/tablelint/tablelint/model"

// guide runs the checks of the Table design guide that look at a table as
// a whole: key structure (guide_keys.go), load on partitions
// (guide_load.go), queries against the keys (guide_queries.go) and
// property types (guide_types.go). It runs after the table's queries have
// been planned and costed, since some checks use their rows.
func (r *reviewer) guide(t *model.Table) {
	for _, e := range t.Entities {
		r.compoundKeys(e)
		r.rowKeyCollisions(e)
	}
	r.entityTypesTellable(t)
	r.guidePartitionLoad(t)
	rows := r.tableQueries(t)
	for _, row := range rows {
		r.sortOrder(row.Query)
		r.nonUniqueLookup(row)
		r.prefixRange(row.Query)
		r.twoRoundTrips(row.Query)
	}
	r.duplicateQueries(rows)
	r.countOnlyReads(rows)
	r.logByRange(t, rows)
	r.propertyTypes(t)
	r.copies(t)
	r.indexAmplification(t)
	r.denormalizationFanout(t)
	for _, x := range t.Transactions {
		r.oneEntityPartitions(x)
	}
	r.largeValues(t)
	r.cacheableLookup(t, rows)
	r.deleteByScan(rows)
	r.dataSeries(t, rows)
	r.hotReads(rows)
	if t == r.d.Tables[len(r.d.Tables)-1] {
		r.tableRotation() // once per design, after the last table
	}
}

// tableQueries returns the rows of the table's queries.
func (r *reviewer) tableQueries(t *model.Table) []QueryRow {
	var out []QueryRow
	for _, row := range r.res.Queries {
		if row.Query != nil && row.Query.Table == t {
			out = append(out, row)
		}
	}
	return out
}
