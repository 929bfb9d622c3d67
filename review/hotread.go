package review

import (
	"github.com/tablelint/tablelint/internal/finding"
	"github.com/tablelint/tablelint/plan"
)

// hotReads reports a partition scan that, alone and at its declared
// rate, reads more entities a second from one partition than a
// partition's target (TL501): its READ/S column is over the target.
// Hourly log partitions read whole every minute are the typical case:
// ~10,800,000 entities a run at 1/min is 180,000 entities/s.
//
// Silent for point queries (one entity); RowKey ranges, whose READ/RUN is
// only an upper bound (every entity whose RowKey template could fall in
// the range: 'empid_000100' to 'empid_000199' counts all employees), so
// that a warning would often be false (replay measures them); table scans
// (spread over the table's partitions; TL301 is about them); queries
// without a rate or whose volumes are not declared; scans at or under the
// target; and partition scans TL303 already reports as over the target.
func (r *reviewer) hotReads(rows []QueryRow) {
	target := r.opt.partitionRate()
	for _, row := range rows {
		q := row.Query
		if q == nil || q.Unsupported != nil || !row.CostKnown || row.Cost <= target {
			continue
		}
		if q.Plan.Kind != plan.PartitionScan {
			continue
		}
		if r.reported("TL303", q.FilterNode) {
			continue
		}
		it := r.add("TL501", q.FilterNode, -1, "query %s.%s reads ~%s entities/s from partition %s",
			row.Table, row.Name, num(row.Cost), finding.Clip(row.Partition))
		it.Hint = sprintf("~%s entities per run at %s, %s times a partition's target of %s entities/s (hot partition): read less per run (a RowKey range, $top) or less often, or spread the entities over more partitions",
			num(row.Scanned), rateText(row.Rate), num(row.Cost/target), num(target))
		it.Severity = warningSeverity
	}
}

// reported reports whether a finding of rule id is already recorded at
// node n.
func (r *reviewer) reported(id string, n any) bool {
	for _, it := range r.res.Items {
		if it.Rule == id && any(it.Node) == n {
			return true
		}
	}
	return false
}
