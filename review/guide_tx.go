package review

import (
	"fmt"
	"strings"

	"github.com/tablelint/tablelint/internal/limits"
	"github.com/tablelint/tablelint/model"
	"github.com/tablelint/tablelint/plan"
)

// inTransaction reports whether a transaction group of a's table has both
// a and b as members.
func inTransaction(a, b *model.Entity) bool {
	if a.Table != b.Table {
		return false
	}
	for _, x := range a.Table.Transactions {
		hasA, hasB := false, false
		for _, m := range x.Members {
			hasA = hasA || m.Entity == a
			hasB = hasB || m.Entity == b
		}
		if hasA && hasB {
			return true
		}
	}
	return false
}

func samePartition(a, b *model.Entity) bool {
	return a.Table == b.Table && a.PartitionKey.Equal(b.PartitionKey)
}

func qualified(e *model.Entity, from *model.Table) string {
	if e.Table != from {
		return e.Table.Name + "." + e.Name
	}
	return e.Name
}

// copies checks the entity types the design marks as copies (copyOf) or
// parts (partOf) of another: copies in the source's partition must be
// written in one transaction with it (TL407), copies elsewhere cannot be
// and must be declared eventually consistent (TL408), a wide entity's
// parts must be updated atomically (TL507), and copies must be used and
// carry only what their queries read (TL515, TL514).
func (r *reviewer) copies(t *model.Table) {
	for _, e := range t.Entities {
		if c := e.CopyOf; c != nil && !e.Eventual {
			src := qualified(c, t)
			switch {
			case samePartition(e, c) && !inTransaction(e, c):
				r.add("TL407", e.CopyOfNode, -1, "entity type %s copies %s, but no transaction group writes both",
					e.Name, src).Hint = sprintf("declare a transaction group [%s, %s] (both are in partition %q) so one entity group transaction writes both: a failure between two writes leaves them inconsistent",
					c.Name, e.Name, e.PartitionKey.Text)
			case !samePartition(e, c):
				where := fmt.Sprintf("a different partition (PartitionKey %q, %s's is %q)", e.PartitionKey.Text, src, c.PartitionKey.Text)
				if e.Table != c.Table {
					where = "a different table"
				}
				r.add("TL408", e.CopyOfNode, -1, "entity type %s copies %s, but no transaction can write both",
					e.Name, src).Hint = sprintf("it is in %s: make the update eventually consistent (a queue and a retried, idempotent worker) and mark the copy eventual: true",
					where)
			}
		}
		if w := e.PartOf; w != nil && !e.Eventual {
			switch {
			case !samePartition(e, w):
				r.add("TL507", e.PartOfNode, -1, "entity type %s is part of %s but in another partition", e.Name, qualified(w, t)).Hint = "give them the same PartitionKey, so one entity group transaction can update both parts"
			case !inTransaction(e, w):
				r.add("TL507", e.PartOfNode, -1, "entity type %s is part of %s, but no transaction group writes both", e.Name, w.Name).Hint = sprintf("declare a transaction group [%s, %s]: an update of both can leave them out of step", w.Name, e.Name)
			}
		}
		if e.CopyOf != nil {
			r.copyUse(t, e)
		}
		if src, via, holds := indexOf(e); src != nil && !e.Eventual && !inTransaction(e, src) {
			r.add("TL407", e.Node, -1, "entity type %s indexes %s, but no transaction group writes both",
				e.Name, src.Name).Hint = sprintf("it is keyed by %s's %s and holds %s: declare a transaction group [%s, %s] (both are in partition %q) so one entity group transaction writes both, or eventual: true if a queue keeps it in step",
				src.Name, via, holds, src.Name, e.Name, e.PartitionKey.Text)
		}
	}
}

// indexOf recognises an index entity the design does not mark with
// copyOf: an entity type in the partition of another type src, whose
// RowKey is built from a property of src that is not one of src's keys
// and that e does not declare (via: the guide's last name, or an email
// address; src itself declares its own key), and which holds src's
// key (holds: a property named like a property of src's RowKey, such as
// EmployeeId or EmployeeIDs). nil when e is a declared copy or part, or
// no such src exists.
func indexOf(e *model.Entity) (src *model.Entity, via, holds string) {
	if e.CopyOf != nil || e.PartOf != nil {
		return nil, "", ""
	}
	for _, s := range e.Table.Entities {
		if s == e || s.CopyOf == e || !samePartition(e, s) {
			continue
		}
		keys := map[string]bool{}
		for _, tpl := range []*model.Template{s.PartitionKey, s.RowKey} {
			for i := range tpl.Parts {
				if n := tpl.Parts[i].Name; n != "" {
					keys[n] = true
				}
			}
		}
		via = ""
		for i := range e.RowKey.Parts {
			n := e.RowKey.Parts[i].Name
			if n != "" && !keys[n] && s.Property(n) != nil && e.Property(n) == nil {
				via = n
				break
			}
		}
		if via == "" {
			continue
		}
		for _, h := range e.Properties {
			for i := range s.RowKey.Parts {
				k := s.RowKey.Parts[i].Name
				if k != "" && len(h.Name) >= len(k) && strings.EqualFold(h.Name[:len(k)], k) {
					return s, via, h.Name
				}
			}
		}
	}
	return nil, "", ""
}

// usesCopy reports whether query q reads copy e for what it is for: by
// its RowKey (a point or range query that can match it), or by a
// partition only the copy can be in.
func usesCopy(q *model.Query, e *model.Entity) bool {
	if q.Unsupported != nil || !mayRead(q, e) {
		return false
	}
	p := q.Plan
	switch p.Kind {
	case plan.Point, plan.Range:
		return true
	case plan.PartitionScan:
		c := e.CopyOf
		return c.Table != e.Table || !keysMeet(literalKeyItems(p.PartitionKey), keyItems(c.PartitionKey), false)
	}
	return false
}

// copyUse reports a copy no query uses (TL515) and properties of a copy
// that none of the queries using it selects (TL514).
func (r *reviewer) copyUse(t *model.Table, e *model.Entity) {
	if len(t.Queries) == 0 {
		return // TL516
	}
	var users []*model.Query
	for _, q := range t.Queries {
		if usesCopy(q, e) {
			users = append(users, q)
		}
	}
	if len(users) == 0 {
		r.add("TL515", e.Node, -1, "entity type %s is a copy of %s that no query reads by its keys",
			e.Name, qualified(e.CopyOf, t)).Hint = sprintf("every write of %s pays for it: drop it, or add the query of table %s it is for",
			e.CopyOf.Name, t.Name)
		return
	}
	selected := map[string]bool{}
	for _, q := range users {
		if len(q.Select) == 0 {
			return // the query returns every property
		}
		for _, s := range q.Select {
			selected[s] = true
		}
	}
	inKey := map[string]bool{}
	for _, tpl := range []*model.Template{e.PartitionKey, e.RowKey} {
		for i := range tpl.Parts {
			inKey[tpl.Parts[i].Name] = true
		}
	}
	var extra []*model.Property
	for _, p := range e.Properties {
		if !selected[p.Name] && !inKey[p.Name] {
			extra = append(extra, p)
		}
	}
	if len(extra) == 0 {
		return
	}
	r.add("TL514", extra[0].Node, -1, "entity type %s, a copy of %s, carries %s that no query selects",
		e.Name, qualified(e.CopyOf, t), propList(extra)).Hint = "each copy stores and rewrites them for nothing: keep only the properties its queries need"
}

// indexAmplification reports sources whose same-partition copies multiply
// the writes on their partitions to half a partition's target or more
// (TL503), when the writes alone stay under it.
func (r *reviewer) indexAmplification(t *model.Table) {
	target := r.opt.partitionRate()
	for _, c := range t.Entities {
		if c.WritesNode == nil {
			continue
		}
		var copies []string
		for _, e := range t.Entities {
			if e.CopyOf == c && samePartition(e, c) {
				copies = append(copies, e.Name)
			}
		}
		if len(copies) == 0 {
			continue
		}
		spread, _, ok := writeSpread(c)
		if !ok || spread <= 0 {
			continue
		}
		per := c.Writes.PerSecond() / spread
		total := per * float64(1+len(copies))
		if per >= target || total*2 < target {
			continue
		}
		r.add("TL503", c.Node, -1, "entity type %s: its copies make ~%s entity writes/s per partition",
			c.Name, num(total)).Hint = sprintf("~%s writes/s become ~%s with %s, %d%% of a partition's target of %s entities/s",
			num(per), num(total), strings.Join(copies, ", "), int(total*100/target), num(target))
	}
}

// oneEntityPartitions reports a transaction group member that writes
// several entities of a type whose PartitionKey is unique per entity:
// they are in different partitions, so no entity group transaction can
// hold them (TL512).
func (r *reviewer) oneEntityPartitions(x *model.Transaction) {
	for _, m := range x.Members {
		if m.Count < 2 {
			continue
		}
		if why := uniquePerEntity(m.Entity); why != "" {
			r.add("TL512", m.Node, -1, "transaction %s.%s groups %d %s entities, each in its own partition",
				x.Table.Name, x.Name, m.Count, m.Entity.Name).Hint = sprintf("PartitionKey %q is unique per entity (%s), and an entity group transaction works within one partition: key them by what the group shares",
				m.Entity.PartitionKey.Text, why)
		}
	}
}

// uniquePerEntity says why a PartitionKey is unique per entity, "" when it
// is not known to be.
func uniquePerEntity(e *model.Entity) string {
	for i := range e.PartitionKey.Parts {
		p := &e.PartitionKey.Parts[i]
		switch {
		case p.Builtin == model.Seq, p.Builtin == model.UUID, p.Builtin == model.InvTicks:
			return p.String() + " differs for each entity"
		case p.Builtin == model.NotBuiltin && p.Prop != nil && p.Prop.Cardinality > 0 && e.CountNode != nil && e.Count > 0 && p.Prop.Cardinality >= e.Count:
			return p.Name + " has a value per entity"
		}
	}
	return ""
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// FanoutMin is the number of copies per source entity from which a
// denormalized property's updates fan out (TL510).
const FanoutMin = 10

// denormalizationFanout reports properties copied (copyOf) into many
// entities per source entity while the source is written: each change
// must be repeated in every copy (TL510).
func (r *reviewer) denormalizationFanout(t *model.Table) {
	for _, e := range t.Entities {
		for _, p := range e.Properties {
			src := p.CopyOf
			if src == nil {
				continue
			}
			s := src.Entity
			if e.CountNode == nil || s.CountNode == nil || s.Count == 0 || s.WritesNode == nil || s.Writes.PerSecond() == 0 {
				continue
			}
			fanout := float64(e.Count) / float64(s.Count)
			if fanout < FanoutMin {
				continue
			}
			atomic := ""
			if fanout > limits.MaxBatchActions || !samePartition(e, s) {
				atomic = ", more than one entity group transaction can hold"
			}
			r.add("TL510", p.CopyOfNode, -1, "property %s.%s copies %s.%s into ~%s entities per %s",
				e.Name, p.Name, qualified(s, t), src.Name, num(fanout), s.Name).Hint = sprintf("every change must be written to all of them (up to ~%s entity writes/s at %s's %s writes)%s: keep it only in %s and read it from there, or accept eventual consistency",
				num(fanout*s.Writes.PerSecond()), s.Name, rateText(s.Writes.PerSecond()), atomic, s.Name)
		}
	}
}
