package review

import (
	"github.com/tablelint/tablelint/internal/finding"
	"strings"

	"github.com/tablelint/tablelint/edm"
	"github.com/tablelint/tablelint/model"
	"github.com/tablelint/tablelint/plan"
)

// partitionGroups returns the table's entity types grouped by equal
// PartitionKey templates, in file order.
func partitionGroups(t *model.Table) [][]*model.Entity {
	var out [][]*model.Entity
	done := map[*model.Entity]bool{}
	for _, e := range t.Entities {
		if done[e] {
			continue
		}
		var g []*model.Entity
		for _, o := range t.Entities {
			if o.PartitionKey.Equal(e.PartitionKey) {
				done[o] = true
				g = append(g, o)
			}
		}
		out = append(out, g)
	}
	return out
}

func groupWho(g []*model.Entity) string {
	names := make([]string, len(g))
	for i, o := range g {
		names[i] = o.Name
	}
	if len(names) == 1 {
		return "entity type " + names[0]
	}
	return "entity types " + strings.Join(names, ", ")
}

func groupWrites(g []*model.Entity) (float64, bool) {
	var w float64
	known := false
	for _, o := range g {
		if o.WritesNode != nil {
			w += o.Writes.PerSecond()
			known = true
		}
	}
	return w, known
}

// guidePartitionLoad covers the partition loads partitionLoad (keys.go)
// leaves out: a PartitionKey led by a DateTime property or spread over too
// few values for the writes (TL209), and a constant PartitionKey whose
// load comes from reads (TL208).
func (r *reviewer) guidePartitionLoad(t *model.Table) {
	target := r.opt.partitionRate()
	for _, g := range partitionGroups(t) {
		pk := g[0].PartitionKey
		writes, known := groupWrites(g)
		if leadKind(pk) != "" {
			if pk.Constant() && writes*4 < target {
				r.constantPartitionReads(t, g, writes, target)
			}
			continue
		}
		if !known {
			continue
		}
		lead := pk.Leading()
		if lead != nil && lead.Builtin == model.NotBuiltin && lead.Prop != nil && lead.Prop.Type == edm.DateTime {
			if writes > target {
				r.add("TL209", pk.Node, -1, "PartitionKey %q starts with the DateTime %s: %s writes/s on one partition",
					finding.Clip(pk.Text), lead.Name, num(writes)).Hint = sprintf("if %s is the time of the write, all writes of %s go to one partition at a time, over a partition's target of %s entities/s (prepend/append anti-pattern): prefix it with a well-spread value",
					lead.Name, groupWho(g), num(target))
			}
			continue
		}
		spread, _, ok := writeSpread(g[0])
		if !ok || spread < 2 || writes/spread <= target {
			continue
		}
		r.add("TL209", pk.Node, -1, "PartitionKey %q takes only %s values: ~%s writes/s per partition",
			finding.Clip(pk.Text), num(spread), num(writes/spread)).Hint = sprintf("the %s writes/s of %s, even spread evenly, are over a partition's target of %s entities/s: add a value with more distinct values, such as {hash:…:N}",
			num(writes), groupWho(g), num(target))
	}
}

// constantPartitionReads reports a constant PartitionKey whose reads, with
// its writes, reach a quarter of the partition target (TL208). Table
// scans are left out: they read every partition.
func (r *reviewer) constantPartitionReads(t *model.Table, g []*model.Entity, writes, target float64) {
	pk := templateItems(g[0].PartitionKey)
	var reads float64
	var names []string
	for _, row := range r.tableQueries(t) {
		q := row.Query
		if q.Unsupported != nil || q.Plan.Kind == plan.TableScan || q.Plan.PartitionKey == nil {
			continue
		}
		if !couldMatch(literalItems(q.Plan.PartitionKey), pk, false) {
			continue
		}
		switch {
		case row.CostKnown:
			reads += row.Cost
		case row.RateKnown:
			reads += row.Rate
		default:
			continue
		}
		names = append(names, q.Name)
	}
	if reads == 0 || (writes+reads)*4 < target {
		return
	}
	r.add("TL208", g[0].PartitionKey.Node, -1, "PartitionKey %q is constant: one partition serves ~%s entities/s",
		finding.Clip(g[0].PartitionKey.Text), num(writes+reads)).Hint = sprintf("reads and writes of %s (~%s entities/s read by %s, %s/s written) are %d%% of a partition's target of %s entities/s, and one partition cannot scale out",
		groupWho(g), num(reads), strings.Join(names, ", "), num(writes), int((writes+reads)*100/target), num(target))
}
