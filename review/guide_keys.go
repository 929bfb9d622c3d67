package review

import (
	"github.com/tablelint/tablelint/internal/finding"
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/tablelint/tablelint/edm"
	"github.com/tablelint/tablelint/model"
	"github.com/tablelint/tablelint/odata"
	"github.com/tablelint/tablelint/plan"
)

// variableWidth reports whether a key placeholder writes values of
// varying length: a String without a width, or a number or sequence
// without zero padding. Two of them side by side cannot be split again.
func variableWidth(p *model.Part) bool {
	switch {
	case p.Builtin == model.Seq:
		return !zeroPadded(p.Verb, 1)
	case p.Builtin != model.NotBuiltin || p.Prop == nil:
		return false
	}
	switch p.Prop.Type {
	case edm.String:
		if p.Verb == "" {
			return true
		}
		m := verbRE.FindStringSubmatch(p.Verb)
		return m != nil && m[2] == ""
	case edm.Int32, edm.Int64:
		return !zeroPadded(p.Verb, 1)
	}
	return false
}

// compoundKeys reports key templates that join two variable-width values
// with nothing between them (TL206): {A}{B} of "ab","c" and "a","bc" give
// the same key.
func (r *reviewer) compoundKeys(e *model.Entity) {
	if rowKeySpread(e).unique {
		return // a part unique per entity keeps the keys apart
	}
	for _, k := range []struct {
		name string
		t    *model.Template
	}{{"PartitionKey", e.PartitionKey}, {"RowKey", e.RowKey}} {
		ps := k.t.Parts
		for i := 0; i+1 < len(ps); i++ {
			a, b := &ps[i], &ps[i+1]
			if !a.IsPlaceholder() || !b.IsPlaceholder() || !variableWidth(a) || !variableWidth(b) {
				continue
			}
			r.addSpan("TL206", k.t.Node, a.Offset, b.Offset+b.Len-a.Offset,
				"entity type %s: %s template joins %s and %s with no separator",
				e.Name, k.name, a.String(), b.String()).Hint = sprintf("write %s_%s: with neither of fixed width, different values give the same key, which cannot be parsed back", a.String(), b.String())
		}
	}
}

// keySpread is how a key template's placeholders vary within one
// partition, for the RowKey collision check.
type keySpread struct {
	distinct float64 // product of the values the varying placeholders take
	window   float64 // finest {now:…} step in seconds, 0 if none
	unique   bool    // a placeholder unique per entity ({seq}, {uuid}, {invticks})
	unknown  bool    // a placeholder with no declared cardinality
}

// rowKeySpread describes e's RowKey within one partition. Placeholders
// that the PartitionKey also holds are constant within a partition.
func rowKeySpread(e *model.Entity) keySpread {
	inPK := map[string]bool{}
	for i := range e.PartitionKey.Parts {
		if p := &e.PartitionKey.Parts[i]; p.Builtin == model.NotBuiltin && p.Name != "" {
			inPK[p.Name] = true
		}
	}
	s := keySpread{distinct: 1}
	for i := range e.RowKey.Parts {
		p := &e.RowKey.Parts[i]
		switch {
		case !p.IsPlaceholder():
		case p.Builtin == model.Seq, p.Builtin == model.UUID, p.Builtin == model.InvTicks:
			s.unique = true
		case p.Builtin == model.Now:
			if g := model.LayoutGranularity(p.Verb).Seconds(); s.window == 0 || g < s.window {
				s.window = g
			}
		case p.Builtin == model.Hash:
			s.distinct *= float64(p.Buckets)
		case inPK[p.Name]:
		case p.Prop != nil && p.Prop.Cardinality > 0:
			s.distinct *= float64(p.Prop.Cardinality)
		default:
			s.unknown = true
		}
	}
	return s
}

// writeSpread returns the number of partitions e's writes spread over at
// any one time (time placeholders excluded), and the finest {now:…} step
// of the PartitionKey in seconds (0 if none).
func writeSpread(e *model.Entity) (spread, window float64, ok bool) {
	spread = 1
	for i := range e.PartitionKey.Parts {
		p := &e.PartitionKey.Parts[i]
		switch {
		case !p.IsPlaceholder():
		case p.Builtin == model.Now:
			if g := model.LayoutGranularity(p.Verb).Seconds(); window == 0 || g < window {
				window = g
			}
		case p.Builtin == model.Hash:
			spread *= float64(p.Buckets)
		case p.Builtin == model.NotBuiltin && p.Prop != nil && p.Prop.Cardinality > 0:
			spread *= float64(p.Prop.Cardinality)
		default:
			return 0, 0, false
		}
	}
	return spread, window, true
}

// rowKeyCollisions reports RowKey templates that cannot give every entity
// of a partition its own key (TL207): a RowKey constant within the
// partition while the partition holds several entities, or one built
// from the current time at a resolution coarser than the writes.
func (r *reviewer) rowKeyCollisions(e *model.Entity) {
	s := rowKeySpread(e)
	if s.unique || s.unknown || s.distinct <= 0 {
		return
	}
	rk := e.RowKey
	if s.window == 0 {
		n, ok := entitiesPerPartition(e)
		if !ok || n <= s.distinct {
			return
		}
		what := "is constant per partition"
		if s.distinct > 1 {
			what = "takes at most " + num(s.distinct) + " values in a partition"
		}
		r.add("TL207", rk.Node, -1, "entity type %s: RowKey %q %s, which holds ~%s entities",
			e.Name, finding.Clip(rk.Text), what, num(n)).Hint = "add a value unique per entity, such as an ID: entities with the same key overwrite each other (or inserts fail)"
		return
	}
	// Updates keep their key: only inserts can collide. Writes count as
	// inserts for log-like types, which only append.
	inserts := e.Inserts.PerSecond()
	switch {
	case e.InsertsNode != nil:
	case e.WritesNode != nil && (isLogName(e.Name) || isLogName(e.Table.Name)):
		inserts = e.Writes.PerSecond()
	default:
		return
	}
	spread, pkWindow, ok := writeSpread(e)
	if !ok || spread <= 0 {
		return
	}
	window := s.window
	if pkWindow > 0 && pkWindow < window {
		window = pkWindow
	}
	perKey := inserts / spread * window / s.distinct
	if perKey < 2 {
		return
	}
	r.add("TL207", rk.Node, -1, "entity type %s: RowKey %q changes every %s, while ~%s entities are inserted",
		e.Name, finding.Clip(rk.Text), durationText(window), num(perKey*s.distinct)).Hint = "add a value unique per entity, such as a message ID or {uuid}: entities inserted with the same key overwrite each other (or the inserts fail)"
}

func durationText(sec float64) string {
	switch {
	case sec >= 366*86400:
		return "year"
	case sec >= 31*86400:
		return "month"
	case sec >= 86400:
		return "day"
	case sec >= 3600:
		return "hour"
	case sec >= 60:
		return "minute"
	case sec >= 1:
		return "second"
	}
	return "fraction of a second"
}

// discriminatorRE matches property names the design guide uses to store
// an entity's type.
var discriminatorRE = regexp.MustCompile(`(?i)^(entity_?)?(type|kind)$`)

// hasDiscriminator reports whether e stores its type: the table's declared
// discriminator, or a property named EntityType, Type or Kind.
func hasDiscriminator(t *model.Table, e *model.Entity) bool {
	if t.Discriminator != "" {
		return e.Property(t.Discriminator) != nil
	}
	for _, p := range e.Properties {
		if discriminatorRE.MatchString(p.Name) && p.Type == edm.String {
			return true
		}
	}
	return false
}

// A citem is one character class of a key, or (star) a run of any
// length of that class: a finer form of item for telling key templates
// apart, where "r" and a {uuid} cannot be equal.
type citem struct {
	class byte // exact character, or one of the classes below
	isSet bool // class is a character class, not an exact character
	star  bool
}

// Character classes of citem.
const (
	clAny   = iota // any character
	clDigit        // 0-9 and '-'
	clHex          // 0-9, a-f, A-F and '-'
)

func (c citem) has(b byte) bool {
	switch {
	case !c.isSet:
		return c.class == b
	case c.class == clDigit:
		return b >= '0' && b <= '9' || b == '-'
	case c.class == clHex:
		return b >= '0' && b <= '9' || b >= 'a' && b <= 'f' || b >= 'A' && b <= 'F' || b == '-'
	}
	return true
}

func (c citem) meets(d citem) bool {
	switch {
	case !c.isSet:
		return d.has(c.class)
	case !d.isSet:
		return c.has(d.class)
	}
	return true // every class has digits
}

func exactItems(out []citem, s string) []citem {
	for i := 0; i < len(s); i++ {
		out = append(out, citem{class: s[i]})
	}
	return out
}

func classItems(out []citem, class byte, n int) []citem {
	for range n {
		out = append(out, citem{class: class, isSet: true})
	}
	return out
}

// timeItems describes a formatted time: digits as digits, other fixed
// text exactly, and letters (month or day names) as any run.
func timeItems(out []citem, layout string) []citem {
	if layout == "" {
		layout = model.DefaultDateTimeLayout
	}
	s := time.Date(2014, 11, 22, 13, 14, 15, 0, time.UTC).Format(layout)
	for i := 0; i < len(s); i++ {
		switch b := s[i]; {
		case b >= '0' && b <= '9':
			out = classItems(out, clDigit, 1)
		case b >= 'A' && b <= 'Z' || b >= 'a' && b <= 'z':
			out = append(out, citem{class: clAny, isSet: true, star: true})
		default:
			out = append(out, citem{class: b})
		}
	}
	return out
}

// padWidth returns the width of a zero-padding verb such as %06d.
func padWidth(verb string) int {
	m := verbRE.FindStringSubmatch(verb)
	if m == nil {
		return 0
	}
	w, _ := strconv.Atoi(m[2])
	return w
}

// keyItems describes the keys a template produces. A zero-padded number
// is taken to fill exactly its width.
func keyItems(t *model.Template) []citem {
	var out []citem
	anyRun := citem{class: clAny, isSet: true, star: true}
	digitRun := citem{class: clDigit, isSet: true, star: true}
	for i := range t.Parts {
		p := &t.Parts[i]
		switch {
		case !p.IsPlaceholder():
			out = exactItems(out, p.Text)
		case p.Builtin == model.UUID:
			out = classItems(out, clHex, 36)
		case p.Builtin == model.Now:
			out = timeItems(out, p.Verb)
		case p.Builtin == model.InvTicks && (p.Verb == "" || zeroPadded(p.Verb, InvertedTicksWidth)):
			out = classItems(out, clDigit, InvertedTicksWidth)
		case p.Builtin == model.Seq && zeroPadded(p.Verb, 1):
			out = classItems(out, clDigit, padWidth(p.Verb))
		case p.Builtin == model.InvTicks, p.Builtin == model.Seq, p.Builtin == model.Hash:
			out = append(out, digitRun)
		case p.Prop == nil:
			out = append(out, anyRun)
		case p.Prop.Type == edm.Guid:
			out = classItems(out, clHex, 36)
		case p.Prop.Type == edm.DateTime:
			out = timeItems(out, p.Verb)
		case (p.Prop.Type == edm.Int32 || p.Prop.Type == edm.Int64) && strings.HasSuffix(p.Verb, "d") && zeroPadded(p.Verb, 1):
			// A design pads to the width its values fit in.
			out = classItems(out, clDigit, padWidth(p.Verb))
		case (p.Prop.Type == edm.Int32 || p.Prop.Type == edm.Int64) && (p.Verb == "" || strings.HasSuffix(p.Verb, "d")):
			out = append(out, digitRun)
		default:
			out = append(out, anyRun)
		}
	}
	return out
}

// keysMeet reports whether two key descriptions can produce one key
// (with prefix, whether a can be a prefix of one b produces).
func keysMeet(a, b []citem, prefix bool) bool {
	w := len(b) + 1
	if (len(a)+1)*w > maxMatchCells {
		return true
	}
	memo := make([]int8, (len(a)+1)*w)
	var m func(i, j int) bool
	m = func(i, j int) bool {
		if i == len(a) && (prefix || j == len(b)) {
			return true
		}
		if i == len(a) {
			// the rest of b must be able to be empty
			return b[j].star && m(i, j+1)
		}
		k := i*w + j
		if memo[k] != 0 {
			return memo[k] == 1
		}
		ok := false
		switch {
		case a[i].star:
			ok = m(i+1, j) || (j < len(b) && a[i].meets(b[j]) && m(i, j+1))
			if !ok && j < len(b) && b[j].star {
				ok = m(i, j+1)
			}
		case j < len(b) && b[j].star:
			ok = m(i, j+1) || (b[j].meets(a[i]) && m(i+1, j))
		case j < len(b):
			ok = a[i].meets(b[j]) && m(i+1, j+1)
		}
		memo[k] = 2
		if ok {
			memo[k] = 1
		}
		return ok
	}
	return m(0, 0)
}

// literalKeyItems describes a query's key literal: its text exactly and
// each placeholder as any run.
func literalKeyItems(l *odata.Literal) []citem {
	var out []citem
	if !l.IsParam() {
		for _, it := range literalItems(l) {
			out = append(out, citem{class: it.c})
		}
		return out
	}
	for _, p := range l.Parts {
		switch {
		case p.Param != nil && isIntVerb(p.Param.Verb):
			// {ManagerId:%06d} writes digits (and '-'), like the
			// template placeholder it stands for.
			out = append(out, citem{class: clDigit, isSet: true, star: true})
		case p.Param != nil:
			out = append(out, citem{class: clAny, isSet: true, star: true})
		default:
			for i := 0; i < len(p.Text); i++ {
				out = append(out, citem{class: p.Text[i]})
			}
		}
	}
	return out
}

// isIntVerb reports whether a placeholder's verb formats an integer in
// decimal (%d, %06d).
func isIntVerb(verb string) bool {
	return strings.HasPrefix(verb, "%") && strings.HasSuffix(verb, "d") && strings.Trim(verb[1:len(verb)-1], "0123456789+- ") == ""
}

// mayRead reports whether query q can return entities of type e.
func mayRead(q *model.Query, e *model.Entity) bool {
	p := q.Plan
	if q.Unsupported != nil || p.Kind == plan.TableScan || p.PartitionKey == nil {
		return true
	}
	if !keysMeet(literalKeyItems(p.PartitionKey), keyItems(e.PartitionKey), false) {
		return false
	}
	switch {
	case p.RowKey != nil:
		return keysMeet(literalKeyItems(p.RowKey), keyItems(e.RowKey), false)
	case p.Low.Set() && p.High.Set():
		prefix := commonPrefix(leadingText(p.Low.Value), leadingText(p.High.Value))
		return keysMeet(exactItems(nil, prefix), keyItems(e.RowKey), true)
	}
	return true
}

// entityTypesTellable reports pairs of entity types that can share a
// partition and whose RowKeys can be equal. When a query can return both
// and no discriminator property records the type, a reader cannot tell
// which type an entity is (TL210); otherwise the types can still
// overwrite each other's entities (TL212). Either way the guide's fix is
// to prefix the RowKey with the type.
func (r *reviewer) entityTypesTellable(t *model.Table) {
	es := t.Entities
	pk := make([][]citem, len(es))
	rk := make([][]citem, len(es))
	for i, e := range es {
		pk[i], rk[i] = keyItems(e.PartitionKey), keyItems(e.RowKey)
	}
	for j := 1; j < len(es); j++ {
		b := es[j]
		fix := "prefix each type's RowKey with its type (\"" + strings.ToLower(b.Name) + "_…\")"
		for i := 0; i < j; i++ {
			a := es[i]
			if !keysMeet(pk[i], pk[j], false) || !keysMeet(rk[i], rk[j], false) {
				continue
			}
			var mixed *model.Query
			for _, q := range t.Queries {
				if mayRead(q, a) && mayRead(q, b) {
					mixed = q
					break
				}
			}
			if mixed != nil && !(hasDiscriminator(t, a) && hasDiscriminator(t, b)) {
				r.add("TL210", b.RowKey.Node, -1, "entity types %s and %s can have equal keys and nothing stores the type",
					a.Name, b.Name).Hint = sprintf("in table %s, query %s can return both and cannot tell them apart (RowKeys %q, %q): %s, or store the type in an EntityType property (the table's discriminator:)",
					t.Name, mixed.Name, a.RowKey.Text, b.RowKey.Text, fix)
			} else {
				r.add("TL212", b.RowKey.Node, -1, "entity types %s and %s of table %s can have equal keys",
					a.Name, b.Name, t.Name).Hint = sprintf("an entity of one type can overwrite one of the other (RowKeys %q, %q): %s", a.RowKey.Text, b.RowKey.Text, fix)
			}
			break
		}
	}
}
