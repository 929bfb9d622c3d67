// Package workload generates the workload a table design expects: the
// entities it will hold and the writes and queries it will serve, from
// the design's volumes (entity counts, property cardinalities, key
// templates, write and query rates) over a duration, deterministically
// from a seed, as replay operations.
//
// The generator works on a Spec, a plain description of the volumes, so
// that it does not depend on how design files are read; the design model
// fills a Spec in (see docs/replay.md).
package workload

import (
	"cmp"
	"encoding/binary"
	"fmt"
	"hash/fnv"
	"io"
	"math"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/tablelint/tablelint/edm"
	"github.com/tablelint/tablelint/engine/replay"
)

// Spec is what a design says about its volumes.
type Spec struct {
	Tables []Table
}

// Table is one table of a design.
type Table struct {
	Name     string
	Entities []Entity
	Queries  []Query
}

// Entity is an entity type.
type Entity struct {
	Name string
	// PartitionKey and RowKey are key templates: literal text with
	// placeholders {Prop}, {Prop:VERB}, {now:LAYOUT}, {invticks}, {seq},
	// {uuid} and {hash:Prop:N} (contract §1).
	PartitionKey, RowKey string
	Properties           []Property
	// Count is how many entities the table holds at the start.
	Count int64
	// Writes is inserts and updates a second over all partitions.
	Writes float64
	// Line is the design line the entity type is declared on.
	Line int
}

// Property is a declared property.
type Property struct {
	Name string
	Type edm.Type
	// Cardinality is the number of distinct values; 0 means every
	// entity has its own.
	Cardinality int64
	// MaxLength bounds String values (characters), 0 if unbounded.
	MaxLength int
}

// Query is a named query.
type Query struct {
	Name string
	// Filter is the $filter with placeholders for parameter values,
	// written as in key templates ('{Department}', datetime'{Hired}').
	Filter string
	// Rate is calls a second.
	Rate   float64
	Top    int
	Select []string
	Line   int
}

// Options configure Generate.
type Options struct {
	Seed int64
	// Duration is the workload's length in seconds.
	Duration float64
	// MaxOps bounds the operations generated (setup and workload); 0
	// means 20,000,000.
	MaxOps int64
}

// Start is the instant the generated workload starts at ({now:…} of an
// operation at t is Start plus t seconds).
var Start = time.Date(2024, 1, 1, 0, 0, 0, 0, time.UTC)

// Workload is a generated workload: Setup loads the initial entities,
// and the Workload itself (a replay.Source) yields the timed operations.
type Workload struct {
	g      *gen
	events []event
	next   int
}

type event struct {
	t     float64
	ent   *entityGen // a write, or
	query *queryGen  // a query
}

// opCount checks that n more operations (a float, from counts and rates
// times the duration) keep the total within max, and returns n as an
// integer. NaN, infinite and negative counts are refused: the cap can
// never be bypassed by an overflow.
func opCount(total int64, n float64, max int64) (int64, bool) {
	if math.IsNaN(n) || n < 0 || n >= math.MaxInt64 || n > float64(max-total) {
		return 0, false
	}
	if i := int64(n); i <= max-total {
		return i, true
	}
	return 0, false
}

// Generate generates the workload of spec.
func Generate(spec *Spec, opts Options) (*Workload, error) {
	if opts.MaxOps <= 0 {
		opts.MaxOps = 20_000_000
	}
	if opts.Duration <= 0 {
		opts.Duration = 60
	}
	g := &gen{seed: uint64(opts.Seed)}
	w := &Workload{g: g}
	rng := rand.New(rand.NewPCG(uint64(opts.Seed), 0x7461626c656c696e))
	var total int64
	for ti := range spec.Tables {
		t := &spec.Tables[ti]
		tg := &tableGen{name: t.Name}
		g.tables = append(g.tables, tg)
		for ei := range t.Entities {
			e := &t.Entities[ei]
			eg, err := newEntityGen(g, tg, e, t)
			if err != nil {
				return nil, err
			}
			tg.entities = append(tg.entities, eg)
			n, ok := opCount(total, float64(e.Count)+math.Round(e.Writes*opts.Duration), opts.MaxOps)
			if e.Count < 0 || !ok {
				return nil, fmt.Errorf("workload: more than %d operations (entity %s.%s)", opts.MaxOps, t.Name, e.Name)
			}
			total += n
			n -= e.Count
			for k := int64(0); k < n; k++ {
				w.events = append(w.events, event{t: rng.Float64() * opts.Duration, ent: eg})
			}
		}
		for qi := range t.Queries {
			q := &t.Queries[qi]
			qg, err := newQueryGen(tg, q)
			if err != nil {
				return nil, err
			}
			n, ok := opCount(total, math.Round(q.Rate*opts.Duration), opts.MaxOps)
			if !ok {
				return nil, fmt.Errorf("workload: more than %d operations (query %s.%s)", opts.MaxOps, t.Name, q.Name)
			}
			total += n
			for k := int64(0); k < n; k++ {
				w.events = append(w.events, event{t: rng.Float64() * opts.Duration, query: qg})
			}
		}
	}
	slices.SortStableFunc(w.events, func(a, b event) int { return cmp.Compare(a.t, b.t) })
	return w, nil
}

// Len returns the number of timed operations.
func (w *Workload) Len() int { return len(w.events) }

// Next yields the next timed operation.
func (w *Workload) Next(op *replay.Op) error {
	if w.next >= len(w.events) {
		return io.EOF
	}
	ev := w.events[w.next]
	w.next++
	*op = replay.Op{T: ev.t, HasT: true}
	if ev.ent != nil {
		ev.ent.write(op, ev.t)
	} else {
		ev.query.call(op, ev.t)
	}
	return nil
}

// Setup returns the operations that create the tables and load the
// initial entities.
func (w *Workload) Setup() replay.Source { return &setup{g: w.g} }

type setup struct {
	g      *gen
	ti, ei int
	i      int64
	made   bool
}

func (s *setup) Next(op *replay.Op) error {
	for s.ti < len(s.g.tables) {
		t := s.g.tables[s.ti]
		if !s.made {
			s.made = true
			*op = replay.Op{Kind: replay.CreateTable, Table: t.name}
			return nil
		}
		if s.ei < len(t.entities) {
			e := t.entities[s.ei]
			if s.i < e.spec.Count {
				i := s.i
				s.i++
				at := -float64(e.spec.Count - i) // before the start, one a second
				*op = replay.Op{Kind: replay.Insert, Table: t.name, Line: e.spec.Line, Entity: e.entityJSON(i, at)}
				return nil
			}
			s.ei, s.i = s.ei+1, 0
			continue
		}
		s.ti, s.ei, s.made = s.ti+1, 0, false
	}
	return io.EOF
}

type gen struct {
	seed   uint64
	tables []*tableGen
}

type tableGen struct {
	name     string
	entities []*entityGen
}

type entityGen struct {
	g      *gen
	t      *tableGen
	spec   *Entity
	pk, rk []part
	props  map[string]*Property // its own properties and, for keys, those of the table's other entity types
	owner  map[string]string    // entity type whose values a property takes
	seq    int64                // entities inserted so far (setup and workload)
	writes uint64
}

func newEntityGen(g *gen, t *tableGen, e *Entity, table *Table) (*entityGen, error) {
	eg := &entityGen{g: g, t: t, spec: e, props: map[string]*Property{}, owner: map[string]string{}, seq: e.Count}
	for i := range e.Properties {
		eg.props[e.Properties[i].Name] = &e.Properties[i]
		eg.owner[e.Properties[i].Name] = e.Name
	}
	// A key may use a property another entity type of the table declares
	// (an index copy keyed by the original's property): entity i of this
	// type then takes the value entity i of that type has.
	for k := range table.Entities {
		o := &table.Entities[k]
		for i := range o.Properties {
			if n := o.Properties[i].Name; eg.props[n] == nil {
				eg.props[n] = &o.Properties[i]
				eg.owner[n] = o.Name
			}
		}
	}
	var err error
	if eg.pk, err = parseTemplate(e.PartitionKey, eg.props); err != nil {
		return nil, fmt.Errorf("workload: %s.%s partitionKey: %w", t.name, e.Name, err)
	}
	if eg.rk, err = parseTemplate(e.RowKey, eg.props); err != nil {
		return nil, fmt.Errorf("workload: %s.%s rowKey: %w", t.name, e.Name, err)
	}
	return eg, nil
}

// mix is a stateless hash of the seed and a few numbers (SplitMix64).
func mix(vals ...uint64) uint64 {
	x := uint64(0x9e3779b97f4a7c15)
	for _, v := range vals {
		x ^= v
		x += 0x9e3779b97f4a7c15
		z := x
		z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
		z = (z ^ (z >> 27)) * 0x94d049bb133111eb
		x = z ^ (z >> 31)
	}
	return x
}

func strHash(s string) uint64 {
	h := fnv.New64a()
	h.Write([]byte(s))
	return h.Sum64()
}

// valueIndex is the index of entity i's value of property p: one of
// Cardinality values, or i itself.
func (e *entityGen) valueIndex(p *Property, i int64) int64 {
	if p.Cardinality > 0 {
		return int64(mix(e.g.seed, strHash(e.t.name+"."+e.owner[p.Name]+"."+p.Name), uint64(i)) % uint64(p.Cardinality))
	}
	return i
}

// value returns value number idx of property p.
func value(p *Property, idx int64) edm.Value {
	switch p.Type {
	case edm.Int32:
		return edm.Int32Value(int32(idx))
	case edm.Int64:
		return edm.Int64Value(idx)
	case edm.Double:
		return edm.DoubleValue(float64(idx) / 4)
	case edm.Boolean:
		return edm.BoolValue(idx%2 == 1)
	case edm.DateTime:
		return edm.DateTimeValue(Start.Add(-time.Duration(idx) * time.Minute))
	case edm.Guid:
		h := mix(uint64(idx), strHash(p.Name))
		s := fmt.Sprintf("%08x-%04x-4%03x-8%03x-%012x", uint32(h), uint16(h>>32), uint16(h>>48)&0xfff, uint16(idx)&0xfff, uint64(idx)&0xffffffffffff)
		v, _ := edm.GuidValue(s)
		return v
	case edm.Binary:
		b := binary.BigEndian.AppendUint64(nil, uint64(idx))
		return edm.BinaryValue(b)
	}
	s := p.Name + strconv.FormatInt(idx, 10)
	if p.MaxLength > 0 && len(s) > p.MaxLength {
		s = s[len(s)-p.MaxLength:]
	}
	return edm.StringValue(s)
}

// entityValues returns entity i's property values, those its keys take
// from other entity types included.
func (e *entityGen) entityValues(i int64) map[string]edm.Value {
	vals := make(map[string]edm.Value, len(e.props))
	for _, p := range e.props {
		vals[p.Name] = value(p, e.valueIndex(p, i))
	}
	return vals
}

// entityJSON returns entity i in the service's JSON format, written at
// time at (seconds from Start).
func (e *entityGen) entityJSON(i int64, at float64) []byte {
	vals := e.entityValues(i)
	now := Start.Add(time.Duration(at * float64(time.Second)))
	ctx := &expandCtx{vals: vals, now: now, seq: i, uuid: mix(e.g.seed, strHash(e.t.name+e.spec.Name), uint64(i), 1)}
	props := []edm.Property{
		{Name: "PartitionKey", Value: edm.StringValue(expand(e.pk, ctx, false))},
		{Name: "RowKey", Value: edm.StringValue(expand(e.rk, ctx, false))},
	}
	for k := range e.spec.Properties {
		n := e.spec.Properties[k].Name
		props = append(props, edm.Property{Name: n, Value: vals[n]})
	}
	return edm.AppendEntityJSON(nil, props)
}

// write fills op with the next write of the entity type at time t: half
// the writes insert new entities, half update existing ones (upsert
// merge), as "inserts+updates" suggests.
func (e *entityGen) write(op *replay.Op, t float64) {
	e.writes++
	op.Table, op.Line = e.t.name, e.spec.Line
	h := mix(e.g.seed, strHash(e.t.name+e.spec.Name), e.writes, 2)
	if e.seq == 0 || h%2 == 0 {
		i := e.seq
		e.seq++
		op.Kind, op.Entity = replay.Insert, e.entityJSON(i, t)
		return
	}
	i := int64((h >> 1) % uint64(e.seq))
	op.Kind, op.Mode, op.Entity = replay.Upsert, replay.Merge, e.entityJSON(i, t)
}

type queryGen struct {
	t    *tableGen
	spec *Query
	ent  *entityGen // the entity type whose values fill the parameters
	tmpl []part
	n    uint64
}

func newQueryGen(t *tableGen, q *Query) (*queryGen, error) {
	qg := &queryGen{t: t, spec: q}
	// The parameters come from the first entity type that declares them
	// all (or the first entity type at all).
	names := placeholderNames(q.Filter)
	for _, e := range t.entities {
		ok := true
		for _, n := range names {
			if e.props[n] == nil {
				ok = false
			}
		}
		if ok {
			qg.ent = e
			break
		}
	}
	if qg.ent == nil && len(t.entities) > 0 {
		qg.ent = t.entities[0]
	}
	props := map[string]*Property{}
	if qg.ent != nil {
		props = qg.ent.props
	}
	var err error
	if qg.tmpl, err = parseTemplate(q.Filter, props); err != nil {
		return nil, fmt.Errorf("workload: %s query %s: %w", t.name, q.Name, err)
	}
	return qg, nil
}

// call fills op with a call of the query at time t, its parameters
// taken from a random existing entity so that the query finds data.
func (q *queryGen) call(op *replay.Op, t float64) {
	q.n++
	op.Kind, op.Table, op.Name, op.Line = replay.Query, q.t.name, q.spec.Name, q.spec.Line
	op.Top, op.Select = q.spec.Top, q.spec.Select
	ctx := &expandCtx{now: Start.Add(time.Duration(t * float64(time.Second)))}
	if e := q.ent; e != nil {
		h := mix(e.g.seed, strHash(q.t.name+q.spec.Name), q.n, 3)
		var i int64
		if e.seq > 0 {
			i = int64(h % uint64(e.seq))
		}
		ctx.vals, ctx.seq = e.entityValues(i), i
		ctx.uuid = mix(e.g.seed, strHash(e.t.name+e.spec.Name), uint64(i), 1)
	}
	op.Filter = expand(q.tmpl, ctx, true)
}

// part is a piece of a template: text, or a placeholder.
type part struct {
	text    string
	name    string // property, or built-in: now, invticks, seq, uuid, hash
	verb    string
	prop    *Property
	buckets int
	builtin bool
}

// parseTemplate parses literal text with {placeholders}; "{{" is a
// literal "{".
func parseTemplate(s string, props map[string]*Property) ([]part, error) {
	var out []part
	var text strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c != '{' {
			text.WriteByte(c)
			continue
		}
		if i+1 < len(s) && s[i+1] == '{' {
			text.WriteByte('{')
			i++
			continue
		}
		j := strings.IndexByte(s[i:], '}')
		if j < 0 {
			return nil, fmt.Errorf("unclosed { at byte %d", i)
		}
		body := s[i+1 : i+j]
		i += j
		if text.Len() > 0 {
			out = append(out, part{text: text.String()})
			text.Reset()
		}
		name, verb, _ := strings.Cut(body, ":")
		p := part{name: name, verb: verb}
		switch name {
		case "now", "invticks", "seq", "uuid":
			p.builtin = true
		case "hash":
			p.builtin = true
			prop, n, ok := strings.Cut(verb, ":")
			b, err := strconv.Atoi(n)
			if !ok || err != nil || b < 1 {
				return nil, fmt.Errorf("{hash:%s}: want {hash:Prop:N}", verb)
			}
			p.verb, p.buckets, p.prop = "", b, props[prop]
			if p.prop == nil {
				return nil, fmt.Errorf("{hash:%s}: no property %s", verb, prop)
			}
		default:
			p.prop = props[name]
			if p.prop == nil {
				return nil, fmt.Errorf("placeholder {%s} names no property", body)
			}
		}
		out = append(out, p)
	}
	if text.Len() > 0 {
		out = append(out, part{text: text.String()})
	}
	return out, nil
}

// placeholderNames returns the property names a template's placeholders use.
func placeholderNames(s string) []string {
	var names []string
	for i := 0; i < len(s); i++ {
		if s[i] != '{' {
			continue
		}
		if i+1 < len(s) && s[i+1] == '{' {
			i++
			continue
		}
		j := strings.IndexByte(s[i:], '}')
		if j < 0 {
			break
		}
		name, rest, _ := strings.Cut(s[i+1:i+j], ":")
		switch name {
		case "now", "invticks", "seq", "uuid":
		case "hash":
			p, _, _ := strings.Cut(rest, ":")
			names = append(names, p)
		default:
			names = append(names, name)
		}
		i += j
	}
	return names
}

type expandCtx struct {
	vals map[string]edm.Value
	now  time.Time
	seq  int64
	uuid uint64
}

// maxTicks is DateTime.MaxValue in .NET ticks, for {invticks}.
const maxTicks = 3155378975999999999

// expand renders a template. In a filter (quote true) string values are
// escaped for a quoted OData literal.
func expand(parts []part, ctx *expandCtx, quote bool) string {
	var b strings.Builder
	for _, p := range parts {
		if p.prop == nil && !p.builtin {
			b.WriteString(p.text)
			continue
		}
		var s string
		switch p.name {
		case "now":
			layout := p.verb
			if layout == "" {
				layout = "2006-01-02T15:04:05.0000000Z"
			}
			s = ctx.now.UTC().Format(layout)
		case "invticks":
			s = fmt.Sprintf("%019d", maxTicks-edm.TimeToTicks(ctx.now))
		case "seq":
			s = format(p.verb, ctx.seq)
		case "uuid":
			u := ctx.uuid
			s = fmt.Sprintf("%08x-%04x-4%03x-a%03x-%012x", uint32(u), uint16(u>>32), uint16(u>>48)&0xfff, uint16(u>>20)&0xfff, mix(u)&0xffffffffffff)
		case "hash":
			v := ctx.vals[p.prop.Name]
			width := len(strconv.Itoa(p.buckets - 1))
			s = fmt.Sprintf("%0*d", width, strHash(valueText(v, ""))%uint64(p.buckets))
		default:
			s = valueText(ctx.vals[p.prop.Name], p.verb)
		}
		if quote {
			s = strings.ReplaceAll(s, "'", "''")
		}
		b.WriteString(s)
	}
	return b.String()
}

func format(verb string, v any) string {
	if verb == "" {
		return fmt.Sprint(v)
	}
	return fmt.Sprintf(verb, v)
}

// valueText formats a value for a key or a filter literal's inside.
func valueText(v edm.Value, verb string) string {
	switch v.Type {
	case edm.Int32, edm.Int64:
		return format(verb, v.Int)
	case edm.DateTime:
		if verb != "" && !strings.HasPrefix(verb, "%") {
			return v.Time().UTC().Format(verb)
		}
		return edm.FormatDateTime(v.Time())
	case edm.String:
		return format(verb, v.Str)
	}
	l := v.Literal()
	// Typed literals (guid'…', X'…', 1.5) keep only their inside.
	if i := strings.IndexByte(l, '\''); i >= 0 && strings.HasSuffix(l, "'") {
		return l[i+1 : len(l)-1]
	}
	return l
}
