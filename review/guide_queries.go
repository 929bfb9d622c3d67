package review

import (
	"strings"

	"github.com/tablelint/tablelint/internal/finding"
	"github.com/tablelint/tablelint/internal/numtext"

	"github.com/tablelint/tablelint/edm"
	"github.com/tablelint/tablelint/internal/limits"
	"github.com/tablelint/tablelint/model"
	"github.com/tablelint/tablelint/odata"
	"github.com/tablelint/tablelint/plan"
)

// sortedBy reports whether keys built from template t come out in the
// order the query needs: t starts (after fixed text) with the property
// itself for ascending order, or with reverse ticks for newest first.
func sortedBy(t *model.Template, prop string, propType edm.Type, desc bool) bool {
	lead := t.Leading()
	if lead == nil {
		return false
	}
	timeLike := propType == edm.DateTime || prop == "Timestamp"
	if desc {
		return (lead.Builtin == model.InvTicks && timeLike) ||
			(lead.Builtin == model.NotBuiltin && lead.Prop != nil && lead.Prop.Type == edm.Int64 && ticksNameRE.MatchString(lead.Name) && timeLike)
	}
	switch lead.Builtin {
	case model.NotBuiltin:
		return lead.Name == prop
	case model.Now, model.Seq:
		return prop == "Timestamp"
	}
	return false
}

// orderType returns the type of the order property in e, and false when
// e does not have it.
func orderType(e *model.Entity, prop string) (edm.Type, bool) {
	if prop == "Timestamp" {
		return edm.DateTime, true
	}
	if prop == plan.PartitionKey || prop == plan.RowKey {
		return edm.String, true
	}
	if p := e.Property(prop); p != nil {
		return p.Type, true
	}
	return 0, false
}

// sortOrder reports a query whose declared order (`order:`) the keys do
// not give, so the client must read everything and sort (TL213). Results
// come ordered by PartitionKey, then RowKey: within one partition the
// RowKey decides, across partitions the PartitionKey does.
func (r *reviewer) sortOrder(q *model.Query) {
	if q.Order == "" || q.Unsupported != nil || q.Plan.Kind == plan.Point || r.d.Target == model.Cosmos {
		return
	}
	p := q.Plan
	var pk []item
	if p.PartitionKey != nil {
		pk = literalItems(p.PartitionKey)
	}
	var rkPrefix []item
	if p.Kind == plan.Range && p.Low.Set() && p.High.Set() {
		rkPrefix = textItems(nil, commonPrefix(leadingText(p.Low.Value), leadingText(p.High.Value)))
	}
	dir := "ascending"
	if q.OrderDesc {
		dir = "descending"
	}
	for _, e := range q.Table.Entities {
		typ, ok := orderType(e, q.Order)
		if !ok {
			continue
		}
		if q.Order == plan.RowKey && !q.OrderDesc && p.Kind != plan.TableScan {
			return
		}
		key, keyName := e.RowKey, "RowKey"
		if p.Kind == plan.TableScan {
			key, keyName = e.PartitionKey, "PartitionKey"
		} else if !couldMatch(pk, templateItems(e.PartitionKey), false) || (rkPrefix != nil && !couldMatch(rkPrefix, templateItems(e.RowKey), true)) {
			continue
		}
		if sortedBy(key, q.Order, typ, q.OrderDesc) {
			continue
		}
		fix := "a " + keyName + " that starts with {" + q.Order + "} (zero-padded if a number)"
		if q.OrderDesc {
			fix = "a " + keyName + " that sorts the other way, such as {invticks} for newest first (log tail pattern)"
			if typ != edm.DateTime && q.Order != "Timestamp" {
				fix = "a " + keyName + " that sorts the other way, such as the value subtracted from its maximum and zero-padded"
			}
		}
		where := "within a partition, results come in " + keyName + " order"
		if p.Kind == plan.TableScan {
			where = "this query reads many partitions, and results come in PartitionKey order"
		}
		r.add("TL213", q.OrderNode, -1, "query %s.%s needs results by %s %s, not in %s order",
			q.Table.Name, q.Name, q.Order, dir, keyName).Hint = sprintf("%s (%q for entity type %s), so the client must read every match and sort it: choose %s",
			where, key.Text, e.Name, fix)
		return
	}
}

// nonUniqueLookup advises index entities for a frequent equality lookup,
// by scan, on a property the design says is not unique (TL315), and warns
// when one index entity's list of keys can outgrow a String property
// (TL504).
func (r *reviewer) nonUniqueLookup(row QueryRow) {
	q := row.Query
	if q.Unsupported != nil || r.d.Target == model.Cosmos { // Cosmos DB indexes every property
		return
	}
	p := q.Plan
	if (p.Kind != plan.PartitionScan && p.Kind != plan.TableScan) || !row.RateKnown || row.Rate < FrequentRate {
		return
	}
	name := q.Table.Name + "." + q.Name
	for _, f := range q.Filter.Conjuncts() {
		c := f.Cmp
		if c == nil || c.Op != odata.OpEq || c.Property == plan.PartitionKey || c.Property == plan.RowKey {
			continue
		}
		var owner *model.Entity
		var prop *model.Property
		unique := false
		for _, e := range q.Table.Entities {
			pr := e.Property(c.Property)
			if pr == nil || pr.Cardinality == 0 || e.CountNode == nil || e.Count == 0 {
				continue
			}
			if pr.Cardinality >= e.Count {
				unique = true // TL314's case
			} else if owner == nil {
				owner, prop = e, pr
			}
		}
		if unique || owner == nil || keyedBy(q.Table, c.Property) != nil {
			continue
		}
		perValue := float64(owner.Count) / float64(prop.Cardinality)
		where := "in the same partition"
		if p.Kind == plan.TableScan {
			where = "in their own partition"
		}
		r.addSpan("TL315", q.FilterNode, c.Offset, 0, "query %s looks up %s (~%s %s entities each) by a %s",
			name, c.Property, num(perValue), owner.Name, p.Kind).Hint = sprintf("at %s: keep index entities %s, keyed by %s, that list the RowKeys of the matching entities, and read one with a point query (index entities pattern)",
			rateText(row.Rate), where, c.Property)
		w, ok := owner.RowKey.MaxWidth()
		if !ok {
			continue
		}
		listChars := perValue * float64(w+1)
		if listChars <= float64(limits.MaxStringChars) {
			continue
		}
		advice := "spread each list over several index entities"
		if listChars*2 > limits.MaxEntityBytes {
			advice = "keep the lists in Blob storage and store the blob's address"
		}
		r.addSpan("TL504", q.FilterNode, c.Offset, 0, "query %s: an index by %s needs ~%s characters, over the String limit",
			name, c.Property, num(listChars)).Hint = sprintf("one index entity lists the ~%s %s RowKeys (up to %d characters each) that share one %s, over a String property's %s characters: %s",
			num(perValue), owner.Name, w, c.Property, numtext.Group(limits.MaxStringChars), advice)
	}
}

// timeLed reports whether a key template starts with a time: the current
// time, reverse ticks or a DateTime property.
func timeLed(t *model.Template) bool {
	lead := t.Leading()
	if lead == nil {
		return false
	}
	switch lead.Builtin {
	case model.Now, model.InvTicks:
		return true
	case model.NotBuiltin:
		return lead.Prop != nil && lead.Prop.Type == edm.DateTime
	}
	return false
}

// timeRange reports whether a filter restricts a time: a RowKey range or
// a comparison of Timestamp or a DateTime property.
func timeRange(q *model.Query) bool {
	for _, c := range q.Filter.Comparisons() {
		switch {
		case c.Property == plan.RowKey && c.Op != odata.OpEq && c.Op != odata.OpNe:
			return true
		case c.Property == "Timestamp":
			return true
		}
		if p := q.Table.Property(c.Property); p != nil && p.Type == edm.DateTime {
			return true
		}
	}
	return false
}

// logByRange reports log-like entity types keyed by source with the time
// in the RowKey that a query reads by time range across every partition:
// the other half of the log data anti-pattern (TL509; keys.go's logData
// reports the time-led PartitionKey).
func (r *reviewer) logByRange(t *model.Table, rows []QueryRow) {
	var reader *model.Query
	for _, row := range rows {
		q := row.Query
		if q.Unsupported == nil && q.Plan.Kind == plan.TableScan && timeRange(q) {
			reader = q
			break
		}
	}
	if reader == nil {
		return
	}
	for _, e := range t.Entities {
		if (!isLogName(t.Name) && !isLogName(e.Name)) || timeLed(e.PartitionKey) || !timeLed(e.RowKey) {
			continue
		}
		r.add("TL509", reader.FilterNode, -1, "%s.%s looks like log data; query %s reads a time range of every partition",
			t.Name, e.Name, reader.Name).Hint = sprintf("keyed by source (PartitionKey %q) with the time in the RowKey (%q), it is read by a table scan that grows with the log (log data anti-pattern): store log data in Blob storage",
			e.PartitionKey.Text, e.RowKey.Text)
	}
}

// successor returns the smallest string greater than every string that
// starts with prefix, and false when there is none (an empty prefix or
// one ending in 0xff).
func successor(prefix string) (string, bool) {
	if prefix == "" || prefix[len(prefix)-1] == 0xff {
		return "", false
	}
	return prefix[:len(prefix)-1] + string(rune(prefix[len(prefix)-1]+1)), true
}

// boundText returns a bound's text when it has no placeholder.
func boundText(b plan.Bound) (string, bool) {
	if !b.Set() || b.Value.IsParam() {
		return "", false
	}
	return b.Value.Value.Str, true
}

// prefixRange checks a range query's RowKey bounds against the RowKeys
// the entity types of the partition can have (TL318): bounds that select
// no key any type can produce, bounds that select every key (the range
// narrows nothing), and an inclusive upper bound (le) on a prefix, which
// leaves out the keys that continue it.
func (r *reviewer) prefixRange(q *model.Query) {
	p := q.Plan
	if q.Unsupported != nil || p.Kind != plan.Range || p.PartitionKey == nil {
		return
	}
	name := q.Table.Name + "." + q.Name
	lo, loOK := boundText(p.Low)
	hi, hiOK := boundText(p.High)
	if loOK && hiOK && (lo > hi || (lo == hi && !(p.Low.Inclusive && p.High.Inclusive))) {
		r.add("TL318", q.FilterNode, -1, "query %s: its RowKey range %s is empty: the query can never return an entity", name, plan.RangeText(p.Low, p.High))
		return
	}
	pk := literalKeyItems(p.PartitionKey)
	meetsAny, all := false, true
	for _, e := range q.Table.Entities {
		if !keysMeet(pk, keyItems(e.PartitionKey), false) {
			continue
		}
		l := e.RowKey.Leading()
		prefix := e.RowKey.Text
		if l != nil {
			prefix = e.RowKey.Text[:l.Offset]
		}
		if strings.Contains(prefix, "{") { // "{{" escapes: leave such templates alone
			return
		}
		succ, bounded := successor(prefix)
		// Keys of e lie in [prefix, succ).
		meets := (!hiOK || prefix < hi || (prefix == hi && p.High.Inclusive)) && (!loOK || !bounded || lo < succ)
		covers := (!loOK || lo < prefix || (lo == prefix && p.Low.Inclusive)) && (!hiOK || (bounded && succ <= hi))
		meetsAny = meetsAny || meets
		all = all && covers
		if p.High.Inclusive && hiOK && hi != "" && couldExtend(hi, e.RowKey) {
			next, _ := successor(hi)
			r.add("TL318", q.FilterNode, -1, "query %s: RowKey le '%s' leaves out the %s keys that extend it",
				name, finding.Clip(hi), e.Name).Hint = sprintf("such as '%s…': to read the whole prefix, end with RowKey lt '%s'", hi, next)
			return
		}
	}
	switch {
	case !meetsAny && (loOK || hiOK):
		r.add("TL318", q.FilterNode, -1, "query %s: no entity type of the partition has a RowKey in %s", name, finding.Clip(plan.RangeText(p.Low, p.High))).Hint = "the query can never return an entity: check the prefix against the RowKey templates"
	case meetsAny && all && (loOK || hiOK) && q.Top == 0: // with top, a range is where paging starts
		r.add("TL318", q.FilterNode, -1, "query %s: the RowKey range %s narrows nothing", name, finding.Clip(plan.RangeText(p.Low, p.High))).Hint = "it includes every RowKey the entity types of the partition can have, so the query reads the whole partition"
	}
}

// couldExtend reports whether template t can produce a key that starts
// with s and goes on.
func couldExtend(s string, t *model.Template) bool {
	a := exactItems(nil, s)
	a = append(a, citem{class: clAny, isSet: true}, citem{class: clAny, isSet: true, star: true})
	return keysMeet(a, keyItems(t), false)
}

// readTypes returns the entity types a query can return.
func readTypes(q *model.Query) []*model.Entity {
	var out []*model.Entity
	for _, e := range q.Table.Entities {
		if mayRead(q, e) {
			out = append(out, e)
		}
	}
	return out
}

// listsMany reports whether an entity type is keyed by a value many
// entities share (an index entity listing them): a RowKey property whose
// cardinality is below its entity type's count.
func listsMany(e *model.Entity) bool {
	for i := range e.RowKey.Parts {
		p := e.RowKey.Parts[i].Prop
		if p != nil && p.Cardinality > 0 && p.Entity.CountNode != nil && p.Cardinality < p.Entity.Count {
			return true
		}
	}
	return false
}

// twoRoundTrips reports a point query whose result only leads to another
// point query of a different entity type (then:), two round trips where a
// denormalized copy would need one (TL316). Index entities, which list
// many keys per value, need the second query by design.
func (r *reviewer) twoRoundTrips(q *model.Query) {
	next := q.Then
	if next == nil || q.Unsupported != nil || next.Unsupported != nil || q.Plan.Kind != plan.Point || next.Plan.Kind != plan.Point {
		return
	}
	first, second := readTypes(q), readTypes(next)
	if len(first) == 0 || len(second) == 0 {
		return
	}
	for _, a := range first {
		if listsMany(a) {
			return
		}
		for _, b := range second {
			if a == b {
				return
			}
		}
	}
	rate := ""
	if q.RateNode != nil {
		rate = " at " + rateText(q.Rate.PerSecond()) + ","
	}
	r.add("TL316", q.ThenNode, -1, "query %s.%s reads %s only to find the key for query %s.%s",
		q.Table.Name, q.Name, first[0].Name, next.Table.Name, next.Name).Hint = sprintf("%s two round trips per lookup of %s: keep the properties the second read needs in the %s entity (denormalization pattern), so one point query returns everything",
		strings.TrimSuffix(strings.TrimPrefix(rate, " "), ","), second[0].Name, first[0].Name)
}
