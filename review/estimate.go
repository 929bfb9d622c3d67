package review

import (
	"github.com/tablelint/tablelint/model"
	"github.com/tablelint/tablelint/odata"
	"github.com/tablelint/tablelint/plan"
)

// An item is one character of a key, or a placeholder standing for any
// run of characters.
type item struct {
	c     byte
	param bool
}

func literalItems(l *odata.Literal) []item {
	if !l.IsParam() {
		return textItems(nil, l.Value.Str)
	}
	var out []item
	for _, p := range l.Parts {
		if p.Param != nil {
			out = append(out, item{param: true})
			continue
		}
		out = textItems(out, p.Text)
	}
	return out
}

func textItems(out []item, s string) []item {
	for i := 0; i < len(s); i++ {
		out = append(out, item{c: s[i]})
	}
	return out
}

func templateItems(t *model.Template) []item {
	var out []item
	for i := range t.Parts {
		p := &t.Parts[i]
		if p.IsPlaceholder() {
			out = append(out, item{param: true})
			continue
		}
		out = textItems(out, p.Text)
	}
	return out
}

// maxMatchCells bounds the matcher's work; beyond it keys are assumed to
// match (an over-estimate, never a false finding).
const maxMatchCells = 1 << 20

// couldMatch reports whether a key written as q (a query's literal) could
// be a key the template t produces; with prefix set, whether q could be a
// prefix of one. Placeholders on either side match any run of characters.
func couldMatch(q, t []item, prefix bool) bool {
	w := len(t) + 1
	if (len(q)+1)*w > maxMatchCells {
		return true
	}
	memo := make([]int8, (len(q)+1)*w) // 0 unknown, 1 yes, 2 no
	var m func(i, j int) bool
	m = func(i, j int) bool {
		if i == len(q) && (prefix || j == len(t)) {
			return true
		}
		k := i*w + j
		if memo[k] != 0 {
			return memo[k] == 1
		}
		ok := false
		switch {
		case i < len(q) && q[i].param:
			ok = m(i+1, j) || (j < len(t) && m(i, j+1))
		case j < len(t) && t[j].param:
			ok = m(i, j+1) || (i < len(q) && m(i+1, j))
		case i < len(q) && j < len(t):
			ok = q[i].c == t[j].c && m(i+1, j+1)
		}
		memo[k] = 2
		if ok {
			memo[k] = 1
		}
		return ok
	}
	return m(0, 0)
}

// partitions estimates how many partitions an entity type's entities
// spread over.
func partitions(e *model.Entity) (float64, bool) {
	t := e.PartitionKey
	n := 1.0
	perEntity := false
	for i := range t.Parts {
		p := &t.Parts[i]
		switch {
		case !p.IsPlaceholder():
		case p.Builtin == model.Hash:
			n *= float64(p.Buckets)
		case p.Builtin == model.Seq, p.Builtin == model.UUID, p.Builtin == model.InvTicks:
			perEntity = true
		case p.Builtin == model.Now:
			return 0, false
		case p.Prop != nil && p.Prop.Cardinality > 0:
			n *= float64(p.Prop.Cardinality)
		default:
			return 0, false
		}
	}
	if e.CountNode != nil {
		if perEntity || n > float64(e.Count) {
			n = float64(max(e.Count, 1))
		}
	} else if perEntity {
		return 0, false
	}
	return n, true
}

// perPartition estimates the entities in one partition whose key matches
// pk, over the entity types keep accepts.
func perPartition(t *model.Table, pk *odata.Literal, keep func(*model.Entity) bool) (float64, bool) {
	q := literalItems(pk)
	total := 0.0
	for _, e := range t.Entities {
		if !couldMatch(q, templateItems(e.PartitionKey), false) || !keep(e) {
			continue
		}
		n, ok := entitiesPerPartition(e)
		if !ok {
			return 0, false
		}
		total += n
	}
	return total, true
}

// entitiesPerPartition estimates the entities of type e in one partition:
// the count over the partitions, or for a time-bucketed PartitionKey the
// writes during one time bucket.
func entitiesPerPartition(e *model.Entity) (float64, bool) {
	if n, ok := partitions(e); ok && e.CountNode != nil {
		return float64(e.Count) / n, true
	}
	if e.WritesNode == nil {
		return 0, false
	}
	bucket, spread := 0.0, 1.0
	t := e.PartitionKey
	for i := range t.Parts {
		p := &t.Parts[i]
		switch {
		case !p.IsPlaceholder():
		case p.Builtin == model.Now:
			g := model.LayoutGranularity(p.Verb).Seconds()
			if bucket == 0 || g < bucket {
				bucket = g
			}
		case p.Builtin == model.Hash:
			spread *= float64(p.Buckets)
		case p.Prop != nil && p.Prop.Cardinality > 0:
			spread *= float64(p.Prop.Cardinality)
		default:
			return 0, false
		}
	}
	if bucket == 0 {
		return 0, false
	}
	n := e.Writes.PerSecond() * bucket / spread
	if e.CountNode != nil {
		n = min(n, float64(e.Count))
	}
	return n, true
}

// leadingText returns a key literal's text up to its first placeholder.
func leadingText(l *odata.Literal) string {
	if !l.IsParam() {
		return l.Value.Str
	}
	var s string
	for _, p := range l.Parts {
		if p.Param != nil {
			break
		}
		s += p.Text
	}
	return s
}

func commonPrefix(a, b string) string {
	i := 0
	for i < len(a) && i < len(b) && a[i] == b[i] {
		i++
	}
	return a[:i]
}

// scanned estimates the entities one run of the query reads.
func scanned(q *model.Query) (float64, bool) {
	p := q.Plan
	t := q.Table
	var n float64
	var ok bool
	switch p.Kind {
	case plan.Point:
		return 1, true
	case plan.Range:
		keep := func(*model.Entity) bool { return true }
		if p.Low.Set() && p.High.Set() {
			prefix := textItems(nil, commonPrefix(leadingText(p.Low.Value), leadingText(p.High.Value)))
			keep = func(e *model.Entity) bool { return couldMatch(prefix, templateItems(e.RowKey), true) }
		}
		n, ok = perPartition(t, p.PartitionKey, keep)
	case plan.PartitionScan:
		n, ok = perPartition(t, p.PartitionKey, func(*model.Entity) bool { return true })
	case plan.TableScan:
		ok = true
		for _, e := range t.Entities {
			if e.CountNode == nil {
				return 0, false
			}
			n += float64(e.Count)
		}
	default:
		return 0, false
	}
	if ok && q.Top > 0 && len(p.Residual) == 0 {
		n = min(n, float64(q.Top))
	}
	return n, ok
}
