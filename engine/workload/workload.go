// Package workload generates the workload a table design expects: the
// entities it will hold and the writes and queries it will serve, from
// the design's volumes (entity counts, property cardinalities, key
// templates, write and query rates) over a duration, deterministically
// from a seed, as replay operations.
//
// The generator works on a Spec, a description of the volumes with the
// key templates as the design model parses them (model.Template) and the
// query filters as package odata parses them (odata.ParseTemplate); the
// design model fills a Spec in (see docs/replay.md). Generated filters are
// the parsed filter with a value spliced in for every literal holding a
// placeholder, string values quoted by odata.Quote.
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
	"github.com/tablelint/tablelint/engine/exec"
	"github.com/tablelint/tablelint/engine/replay"
	"github.com/tablelint/tablelint/internal/tracefmt"
	"github.com/tablelint/tablelint/model"
	"github.com/tablelint/tablelint/odata"
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
	// PartitionKey and RowKey are the parsed key templates (see
	// model.ParseTemplate); their placeholders name Properties of this
	// entity type or of another entity type of the table.
	PartitionKey, RowKey *model.Template
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
	// Filter is the $filter parsed with odata.ParseTemplate: its
	// placeholders for parameter values are written as in key templates
	// ('{Department}', datetime'{Hired}', {Age}).
	Filter *odata.Filter
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
	// LoadAll makes Setup load every entity, not only those of the
	// partitions the workload reaches.
	LoadAll bool
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
	var total, counted int64
	if n := eventCount(spec, opts.Duration); n <= float64(opts.MaxOps) {
		w.events = make([]event, 0, int(n))
	}
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
			// The entities are counted when the partitions the workload
			// reaches are known (findTouched); a count is only bounded
			// here, as every one is looked at.
			counted += e.Count
			if e.Count < 0 || e.Count > MaxEntities || counted > MaxEntities {
				return nil, fmt.Errorf("workload: more than %d entities (entity %s.%s)", int64(MaxEntities), t.Name, e.Name)
			}
			n, ok := opCount(total, math.Round(e.Writes*opts.Duration), opts.MaxOps)
			if !ok {
				return nil, fmt.Errorf("workload: more than %d operations (entity %s.%s)", opts.MaxOps, t.Name, e.Name)
			}
			total += n
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
			tg.queries = append(tg.queries, qg)
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
	if !opts.LoadAll {
		w.findTouched()
	}
	loaded, _ := w.Preloaded()
	if _, ok := opCount(total, float64(loaded), opts.MaxOps); !ok {
		return nil, fmt.Errorf("workload: more than %d operations (%d entities to load in the partitions the workload reaches, and %d timed operations)", opts.MaxOps, loaded, total)
	}
	return w, nil
}

// eventCount returns how many timed operations spec asks for in
// duration seconds, as Generate counts them (NaN when a rate is), so that
// Generate allocates its events once.
func eventCount(spec *Spec, duration float64) float64 {
	n := 0.0
	for ti := range spec.Tables {
		t := &spec.Tables[ti]
		for ei := range t.Entities {
			n += max(math.Round(t.Entities[ei].Writes*duration), 0)
		}
		for qi := range t.Queries {
			n += max(math.Round(t.Queries[qi].Rate*duration), 0)
		}
	}
	return n
}

// MaxEntities bounds the entities a design may declare for a replay: each
// is looked at to decide whether its partition is loaded.
const MaxEntities = 2_000_000_000

// findTouched records, for each table whose queries all read a single
// partition, the partitions the timed workload reads and those it
// inserts into (unless the inserted keys are unique by construction):
// Setup then loads only the entities of those partitions, and the
// replay measures the same statuses, entities and loads as with every
// entity loaded, since what an operation answers and costs depends only
// on those partitions (an upsert-merge answers 204 whether or not the
// entity exists). A design of millions of entities then replays in
// seconds. It runs the workload once without keeping it and rewinds
// the generators. Preloaded counts the entities loaded.
func (w *Workload) findTouched() {
	x := exec.New(exec.Options{})
	for _, t := range w.g.tables {
		t.touched = map[string]bool{}
	}
	var op tracefmt.Op
	for _, ev := range w.events {
		if e := ev.ent; e != nil {
			// An insert's status depends on what the partition holds,
			// unless its keys are unique by construction; an
			// upsert-merge answers 204 either way.
			insert, i := e.pick()
			if e.t.touched != nil && insert && !e.uniqueKeys() {
				e.t.touched[e.entityProps(i, ev.t)[0].Value.Str] = true // entityProps puts PartitionKey first
			}
			continue
		}
		t := ev.query.t
		if t.touched == nil {
			continue
		}
		ev.query.call(&op, ev.t)
		p, err := x.Prepare(op.Filter)
		if err != nil || p.Plan.PartitionKey == nil {
			t.touched = nil // may read any partition
			continue
		}
		t.touched[p.Plan.PartitionKey.Value.Str] = true
	}
	w.rewind()
}

// rewind puts the generators back to the start of the timed workload.
func (w *Workload) rewind() {
	w.next = 0
	for _, t := range w.g.tables {
		for _, e := range t.entities {
			e.seq, e.writes = e.spec.Count, 0
		}
		for _, q := range t.queries {
			q.n = 0
		}
	}
}

// Preloaded returns how many entities Setup loads and how many the
// design holds: fewer when only the partitions the workload reaches are
// loaded.
func (w *Workload) Preloaded() (loaded, total int64) {
	for _, t := range w.g.tables {
		for _, e := range t.entities {
			total += e.spec.Count
			loaded += e.Loaded()
		}
	}
	return loaded, total
}

// PreloadCounts returns how many entities Setup loads of each entity
// type, by table and entity type as in the Spec.
func (w *Workload) PreloadCounts() [][]int64 {
	out := make([][]int64, len(w.g.tables))
	for ti, t := range w.g.tables {
		for _, e := range t.entities {
			out[ti] = append(out[ti], e.Loaded())
		}
	}
	return out
}

// Loaded returns how many entities of the type Setup loads.
func (e *entityGen) Loaded() int64 {
	if e.loaded >= 0 {
		return e.loaded
	}
	e.loaded = e.spec.Count
	if e.t.touched != nil {
		if kept, ok := e.keptByValue(e.t.touched); ok {
			e.kept, e.keptAll, e.loaded = kept, true, int64(len(kept))
			return e.loaded
		}
		e.loaded = 0
		keep := e.keepFunc(e.t.touched)
		e.kept, e.keptAll = nil, true
		for i := range e.spec.Count {
			if keep(i) {
				e.loaded++
				if e.keptAll && len(e.kept) < maxKeptList {
					e.kept = append(e.kept, i)
				} else {
					e.kept, e.keptAll = nil, false
				}
			}
		}
	}
	return e.loaded
}

// maxKeptList bounds the list of preloaded entities Loaded keeps for
// Setup; beyond it Setup looks at every entity again.
const maxKeptList = 1 << 20

// Len returns the number of timed operations.
func (w *Workload) Len() int { return len(w.events) }

// Next yields the next timed operation.
func (w *Workload) Next(op *tracefmt.Op) error {
	if w.next >= len(w.events) {
		return io.EOF
	}
	ev := w.events[w.next]
	w.next++
	*op = tracefmt.Op{T: ev.t, HasT: true}
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
	keep   func(i int64) bool // when only touched partitions are loaded
	k      int                // the next of the entity type's kept list
}

func (s *setup) Next(op *tracefmt.Op) error {
	for s.ti < len(s.g.tables) {
		t := s.g.tables[s.ti]
		if !s.made {
			s.made = true
			*op = tracefmt.Op{Kind: tracefmt.CreateTable, Table: t.name}
			return nil
		}
		if s.ei < len(t.entities) {
			e := t.entities[s.ei]
			if t.touched != nil && e.loaded >= 0 && e.keptAll {
				// The entities Loaded listed.
				if s.k < len(e.kept) {
					i := e.kept[s.k]
					s.k++
					at := -float64(e.spec.Count - i)
					*op = tracefmt.Op{Kind: tracefmt.Insert, Table: t.name, Line: e.spec.Line, Props: e.entityProps(i, at)}
					return nil
				}
				s.ei, s.i, s.k = s.ei+1, 0, 0
				continue
			}
			if s.keep == nil && t.touched != nil {
				s.keep = e.keepFunc(t.touched)
			}
			for s.keep != nil && s.i < e.spec.Count && !s.keep(s.i) {
				s.i++ // a partition no operation reaches
			}
			if s.i < e.spec.Count {
				i := s.i
				s.i++
				at := -float64(e.spec.Count - i) // before the start, one a second
				*op = tracefmt.Op{Kind: tracefmt.Insert, Table: t.name, Line: e.spec.Line, Props: e.entityProps(i, at)}
				return nil
			}
			s.ei, s.i, s.keep = s.ei+1, 0, nil
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
	queries  []*queryGen
	// touched holds the partitions the timed workload reads or writes,
	// when every one of its queries reads a single partition; nil when
	// some query may read any partition (then Setup loads everything).
	touched map[string]bool
}

type entityGen struct {
	g      *gen
	t      *tableGen
	spec   *Entity
	pk, rk []part
	props  map[string]*Property // its own properties and, for keys, those of the table's other entity types
	owner  map[string]string    // entity type whose values a property takes
	values map[string]*valueMap // of each property of props with a cardinality
	// nameHash tells the entity type's writes and keys apart from other
	// types' (strHash of the table and type names).
	nameHash uint64
	vals     map[string]edm.Value // entityValues' result, reused
	seq      int64                // entities inserted so far (setup and workload)
	writes   uint64
	loaded   int64 // entities Setup loads; -1 until counted
	// kept lists the entities Setup loads when keptAll (Loaded found at
	// most maxKeptList of them in the partitions the workload reaches).
	kept    []int64
	keptAll bool
}

func newEntityGen(g *gen, t *tableGen, e *Entity, table *Table) (*entityGen, error) {
	eg := &entityGen{g: g, t: t, spec: e, props: map[string]*Property{}, owner: map[string]string{}, values: map[string]*valueMap{}, seq: e.Count, loaded: -1,
		nameHash: strHash(t.name + e.Name), vals: map[string]edm.Value{}}
	add := func(o *Entity, p *Property) {
		eg.props[p.Name], eg.owner[p.Name] = p, o.Name
		if p.Cardinality > 0 {
			eg.values[p.Name] = newValueMap(p.Cardinality, o.Count, mix(g.seed, strHash(t.name+"."+o.Name+"."+p.Name)))
		}
	}
	for i := range e.Properties {
		add(e, &e.Properties[i])
	}
	// A key may use a property another entity type of the table declares
	// (an index copy keyed by the original's property): entity i of this
	// type then takes the value entity i of that type has.
	for k := range table.Entities {
		o := &table.Entities[k]
		for i := range o.Properties {
			if eg.props[o.Properties[i].Name] == nil {
				add(o, &o.Properties[i])
			}
		}
	}
	var err error
	if eg.pk, err = resolve(e.PartitionKey, eg.props); err != nil {
		return nil, fmt.Errorf("workload: %s.%s partitionKey: %w", t.name, e.Name, err)
	}
	if eg.rk, err = resolve(e.RowKey, eg.props); err != nil {
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
// Cardinality values (see valueMap), or i itself.
func (e *entityGen) valueIndex(p *Property, i int64) int64 {
	if p.Cardinality > 0 {
		return e.values[p.Name].index(i)
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
	var buf [64]byte
	b := strconv.AppendInt(append(buf[:0], p.Name...), idx, 10) // one allocation, the string
	if p.MaxLength > 0 && len(b) > p.MaxLength {
		b = b[len(b)-p.MaxLength:]
	}
	return edm.StringValue(string(b))
}

// entityValues returns entity i's property values, those its keys take
// from other entity types included, in a map that the next call reuses
// (the generator runs on one goroutine at a time: Setup's operations are
// all taken before the timed workload's).
func (e *entityGen) entityValues(i int64) map[string]edm.Value {
	for _, p := range e.props {
		e.vals[p.Name] = value(p, e.valueIndex(p, i))
	}
	return e.vals
}

// keepFunc returns a function telling whether preloaded entity i is in a
// partition of touched. A key made of literal text and properties with a
// cardinality (at most 1<<22 combinations, see keyCombos) is computed once
// per combination of values.
func (e *entityGen) keepFunc(touched map[string]bool) func(i int64) bool {
	ctx := &expandCtx{vals: map[string]edm.Value{}}
	full := func(i int64) bool {
		for _, p := range e.pk {
			if p.prop != nil {
				ctx.vals[p.prop.Name] = value(p.prop, e.valueIndex(p.prop, i))
			}
		}
		ctx.now = Start.Add(time.Duration(-float64(e.spec.Count-i) * float64(time.Second)))
		ctx.seq, ctx.uuid = i, mix(e.g.seed, e.nameHash, uint64(i), 1)
		return touched[expand(e.pk, ctx)]
	}
	props, combos := e.keyCombos()
	if props == nil {
		return full
	}
	memo := make([]int8, combos) // 0 unknown, 1 keep, 2 skip
	return func(i int64) bool {
		c := e.combo(props, i)
		if memo[c] == 0 {
			memo[c] = 2
			if full(i) {
				memo[c] = 1
			}
		}
		return memo[c] == 1
	}
}

// keyCombos returns the properties the PartitionKey is made of and the
// number of combinations of their values, when it is made of literal text
// and properties with a cardinality only, with at most 1<<22
// combinations; else nil.
func (e *entityGen) keyCombos() ([]*Property, int64) {
	props := []*Property{}
	combos := int64(1)
	for _, p := range e.pk {
		switch {
		case !p.IsPlaceholder():
		case p.prop != nil && (p.Builtin == model.NotBuiltin || p.Builtin == model.Hash) && p.prop.Cardinality > 0:
			if !slices.Contains(props, p.prop) {
				props = append(props, p.prop)
				if combos > (1<<22)/p.prop.Cardinality {
					return nil, 0
				}
				combos *= p.prop.Cardinality
			}
		default:
			return nil, 0
		}
	}
	return props, combos
}

// combo returns the number of the combination of props' values entity i
// has (mixed radix, the first property most significant).
func (e *entityGen) combo(props []*Property, i int64) int64 {
	c := int64(0)
	for _, p := range props {
		c = c*p.Cardinality + e.valueIndex(p, i)
	}
	return c
}

// keptByValue lists the entities in the partitions of touched, in
// increasing order, without looking at every entity: it expands the
// PartitionKey of every combination of its properties' values, and
// lists the entities that take the values of the touched combinations
// (valueMap.preimages of the property with the most values, each checked
// for the others). It reports false when the key is not made of such
// properties, when that is no cheaper than looking at every entity, or
// when more than maxKeptList entities are kept.
func (e *entityGen) keptByValue(touched map[string]bool) ([]int64, bool) {
	props, combos := e.keyCombos()
	if len(props) == 0 || combos > e.spec.Count/4 {
		return nil, false
	}
	pivot := 0
	for k, p := range props {
		if p.Cardinality > props[pivot].Cardinality {
			pivot = k
		}
	}
	hit := make([]bool, combos)
	pivotHit := map[int64]bool{}
	ctx := &expandCtx{vals: make(map[string]edm.Value, len(props))}
	idx := make([]int64, len(props))
	for c := range combos {
		r := c
		for k := len(props) - 1; k >= 0; k-- {
			idx[k], r = r%props[k].Cardinality, r/props[k].Cardinality
			ctx.vals[props[k].Name] = value(props[k], idx[k])
		}
		if touched[expand(e.pk, ctx)] {
			hit[c], pivotHit[idx[pivot]] = true, true
		}
	}
	vals := make([]int64, 0, len(pivotHit))
	for v := range pivotHit {
		vals = append(vals, v)
	}
	slices.Sort(vals)
	m := e.values[props[pivot].Name]
	var cand, kept []int64
	for _, v := range vals {
		var ok bool
		// A value has about Count/Cardinality entities; candidates that
		// lack the other properties' values are dropped at once.
		if cand, ok = m.preimages(cand[:0], v, e.spec.Count, 4*maxKeptList); !ok {
			return nil, false
		}
		for _, i := range cand {
			if hit[e.combo(props, i)] {
				if len(kept) == maxKeptList {
					return nil, false
				}
				kept = append(kept, i)
			}
		}
	}
	slices.Sort(kept)
	return kept, true
}

// uniqueKeys reports whether every entity of the type has its own keys,
// whatever the others hold: a key part is {uuid}, {seq} or an integer
// property without a cardinality (its value is the entity's number). An
// insert of such a type cannot collide with a preloaded entity.
func (e *entityGen) uniqueKeys() bool {
	for _, parts := range [][]part{e.pk, e.rk} {
		for _, p := range parts {
			switch {
			case p.Builtin == model.UUID || p.Builtin == model.Seq:
				return true
			case p.prop != nil && p.Builtin == model.NotBuiltin && p.prop.Cardinality == 0 &&
				(p.prop.Type == edm.Int32 || p.prop.Type == edm.Int64):
				return true
			}
		}
	}
	return false
}

// entityProps returns entity i's properties, keys first, written at
// time at (seconds from Start).
func (e *entityGen) entityProps(i int64, at float64) []edm.Property {
	vals := e.entityValues(i)
	now := Start.Add(time.Duration(at * float64(time.Second)))
	ctx := &expandCtx{vals: vals, now: now, seq: i, uuid: mix(e.g.seed, e.nameHash, uint64(i), 1)}
	props := make([]edm.Property, 2, 2+len(e.spec.Properties))
	props[0] = edm.Property{Name: "PartitionKey", Value: edm.StringValue(expand(e.pk, ctx))}
	props[1] = edm.Property{Name: "RowKey", Value: edm.StringValue(expand(e.rk, ctx))}
	for k := range e.spec.Properties {
		n := e.spec.Properties[k].Name
		props = append(props, edm.Property{Name: n, Value: vals[n]})
	}
	return props
}

// write fills op with the next write of the entity type at time t: half
// the writes insert new entities, half update existing ones (upsert
// merge), as "inserts+updates" suggests.
func (e *entityGen) write(op *tracefmt.Op, t float64) {
	op.Table, op.Line = e.t.name, e.spec.Line
	insert, i := e.pick()
	if insert {
		op.Kind, op.Props = tracefmt.Insert, e.entityProps(i, t)
		return
	}
	op.Kind, op.Mode, op.Props = tracefmt.Upsert, tracefmt.Merge, e.entityProps(i, t)
}

// pick chooses the next write: an insert of a new entity i, or an
// upsert of existing entity i.
func (e *entityGen) pick() (insert bool, i int64) {
	e.writes++
	h := mix(e.g.seed, e.nameHash, e.writes, 2)
	if e.seq == 0 || h%2 == 0 {
		i = e.seq
		e.seq++
		return true, i
	}
	return false, int64((h >> 1) % uint64(e.seq))
}

type queryGen struct {
	t        *tableGen
	spec     *Query
	nameHash uint64     // strHash of the table and query names
	ent      *entityGen // the entity type whose values fill the parameters
	// text holds the filter's source text between the literals of lits.
	text []string
	lits []literal
	n    uint64
}

// literal is a filter literal that holds placeholders (or "{{" escapes),
// with its parts resolved.
type literal struct {
	parts  []part
	prefix string   // datetime, guid or X for a typed literal, else ""
	bare   bool     // a bare {Param}: typed by its property
	typ    edm.Type // the bare placeholder's type
}

func newQueryGen(t *tableGen, q *Query) (*queryGen, error) {
	qg := &queryGen{t: t, spec: q, nameHash: strHash(t.name + q.Name)}
	if q.Filter == nil {
		return nil, fmt.Errorf("workload: %s query %s: no filter", t.name, q.Name)
	}
	// The parameters come from the first entity type that declares them
	// all (or the first entity type at all).
	var names []string
	for _, p := range q.Filter.Params() {
		if n := paramProperty(p); n != "" {
			names = append(names, n)
		}
	}
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
	src, at := q.Filter.Text, 0
	for _, c := range q.Filter.Comparisons() {
		l := &c.Value
		if l.Parts == nil {
			continue
		}
		lit, err := resolveLiteral(l, props)
		if err != nil {
			return nil, fmt.Errorf("workload: %s query %s: %w", t.name, q.Name, err)
		}
		end := l.Offset + len(l.Raw)
		if l.Offset < at || end > len(src) {
			return nil, fmt.Errorf("workload: %s query %s: the filter's positions do not match its text", t.name, q.Name)
		}
		qg.text = append(qg.text, src[at:l.Offset])
		qg.lits = append(qg.lits, lit)
		at = end
	}
	qg.text = append(qg.text, src[at:])
	return qg, nil
}

// paramProperty returns the property a filter placeholder takes its value
// from, or "" for a built-in without one.
func paramProperty(p *odata.Param) string {
	b, ok := model.LookupBuiltin(p.Name)
	switch {
	case !ok:
		return p.Name
	case b == model.Hash:
		prop, _, _ := strings.Cut(p.Verb, ":")
		return prop
	}
	return ""
}

// resolveLiteral resolves the parts of a filter literal with placeholders;
// each placeholder is read by the key-template parser, so that filters and
// keys share one syntax.
func resolveLiteral(l *odata.Literal, props map[string]*Property) (literal, error) {
	var lit literal
	if i := strings.IndexByte(l.Raw, '\''); i > 0 {
		lit.prefix = l.Raw[:i]
	}
	for _, op := range l.Parts {
		if op.Param == nil {
			lit.parts = append(lit.parts, part{Part: model.Part{Text: op.Text}})
			continue
		}
		mp, err := model.ParseTemplate(op.Param.String())
		if err != nil {
			return literal{}, err
		}
		parts, err := resolve(&model.Template{Text: op.Param.String(), Parts: mp}, props)
		if err != nil {
			return literal{}, err
		}
		lit.parts = append(lit.parts, parts...)
	}
	if l.Raw != "" && l.Raw[0] == '{' && len(lit.parts) == 1 {
		lit.bare = true
		switch p := lit.parts[0]; {
		case p.prop != nil && p.Builtin == model.NotBuiltin:
			lit.typ = p.prop.Type
		case p.Builtin == model.Now:
			lit.typ = edm.DateTime
		case p.Builtin == model.InvTicks, p.Builtin == model.Seq:
			lit.typ = edm.Int64
		case p.Builtin == model.UUID:
			lit.typ = edm.Guid
		default:
			lit.typ = edm.Int32 // {hash:Prop:N}: a bucket number
		}
	}
	return lit, nil
}

// call fills op with a call of the query at time t, its parameters
// taken from a random existing entity so that the query finds data.
func (q *queryGen) call(op *tracefmt.Op, t float64) {
	q.n++
	op.Kind, op.Table, op.Name, op.Line = tracefmt.Query, q.t.name, q.spec.Name, q.spec.Line
	op.Top, op.Pages = takeFirst(q.spec.Top)
	op.Select = q.spec.Select
	ctx := &expandCtx{now: Start.Add(time.Duration(t * float64(time.Second)))}
	if e := q.ent; e != nil {
		h := mix(e.g.seed, q.nameHash, q.n, 3)
		var i int64
		if e.seq > 0 {
			i = int64(h % uint64(e.seq))
		}
		ctx.vals, ctx.seq = e.entityValues(i), i
		ctx.uuid = mix(e.g.seed, e.nameHash, uint64(i), 1)
		if i < e.spec.Count && e.timeKeyed() {
			// The entity's keys hold the time it was written: so does
			// the query that looks it up ({now}, {invticks}).
			ctx.now = Start.Add(time.Duration(-float64(e.spec.Count-i) * float64(time.Second)))
		}
	}
	op.Filter = q.filter(ctx)
}

// timeKeyed reports whether the entity type's keys hold the time it was
// written ({now}, {invticks}).
func (e *entityGen) timeKeyed() bool {
	for _, parts := range [][]part{e.pk, e.rk} {
		for _, p := range parts {
			if p.Builtin == model.Now || p.Builtin == model.InvTicks {
				return true
			}
		}
	}
	return false
}

// takeFirst returns the $top and the page limit of a design query with
// top n: the caller takes the first n entities, one request (the service
// returns at most 1,000 entities a page). A top over 1,000 is sent as it
// is and answered 400, as the service does and as review's TL309 says.
// Without top (0) the caller reads every page.
func takeFirst(n int) (top, pages int) {
	if n <= 0 {
		return 0, 0
	}
	return n, 1
}

// filter returns the query's filter with the values of ctx.
func (q *queryGen) filter(ctx *expandCtx) string {
	var b strings.Builder
	for i, lit := range q.lits {
		b.WriteString(q.text[i])
		b.WriteString(lit.render(ctx))
	}
	b.WriteString(q.text[len(q.lits)])
	return b.String()
}

// render writes the literal with the values of ctx: a quoted string
// (odata.Quote), a typed literal (datetime'…'), or for a bare placeholder
// a literal of its type.
func (l *literal) render(ctx *expandCtx) string {
	s := expand(l.parts, ctx)
	if !l.bare {
		return l.prefix + odata.Quote(s)
	}
	switch l.typ {
	case edm.String:
		return odata.Quote(s)
	case edm.DateTime:
		return "datetime" + odata.Quote(s)
	case edm.Guid:
		return "guid" + odata.Quote(s)
	case edm.Binary:
		return "X" + odata.Quote(s)
	case edm.Int64:
		return s + "L"
	}
	return s
}

// part is a piece of a parsed key template with its property resolved.
type part struct {
	model.Part
	prop *Property // the property a placeholder (or {hash:Prop:N}) uses
}

// resolve resolves a parsed template's placeholders against props.
func resolve(t *model.Template, props map[string]*Property) ([]part, error) {
	if t == nil {
		return nil, fmt.Errorf("no key template")
	}
	out := make([]part, len(t.Parts))
	for i, p := range t.Parts {
		out[i].Part = p
		if !p.IsPlaceholder() || (p.Builtin != model.NotBuiltin && p.Builtin != model.Hash) {
			continue
		}
		if out[i].prop = props[p.Name]; out[i].prop == nil {
			return nil, fmt.Errorf("placeholder %s names no property", p.String())
		}
	}
	return out, nil
}

type expandCtx struct {
	vals map[string]edm.Value
	now  time.Time
	seq  int64
	uuid uint64
}

// maxTicks is DateTime.MaxValue in .NET ticks, for {invticks}.
const maxTicks = 3155378975999999999

// expand renders a template's parts with the values of ctx.
func expand(parts []part, ctx *expandCtx) string {
	var buf [96]byte
	return string(appendExpand(buf[:0], parts, ctx))
}

// appendExpand appends what expand renders to dst. Each operation the
// generator makes renders its keys, so the common placeholders (numbers
// with %d or %0Nd, times, UUIDs, strings) are written without fmt.
func appendExpand(dst []byte, parts []part, ctx *expandCtx) []byte {
	for _, p := range parts {
		if !p.IsPlaceholder() {
			dst = append(dst, p.Text...)
			continue
		}
		switch p.Builtin {
		case model.Now:
			layout := p.Verb
			if layout == "" {
				layout = model.DefaultDateTimeLayout
			}
			dst = ctx.now.UTC().AppendFormat(dst, layout)
		case model.InvTicks:
			dst = appendPadded(dst, maxTicks-edm.TimeToTicks(ctx.now), 19)
		case model.Seq:
			dst = appendFormat(dst, p.Verb, ctx.seq)
		case model.UUID:
			u := ctx.uuid
			dst = appendHex(dst, uint64(uint32(u)), 8)
			dst = append(dst, '-')
			dst = appendHex(dst, uint64(uint16(u>>32)), 4)
			dst = append(dst, '-', '4')
			dst = appendHex(dst, uint64(uint16(u>>48)&0xfff), 3)
			dst = append(dst, '-', 'a')
			dst = appendHex(dst, uint64(uint16(u>>20)&0xfff), 3)
			dst = append(dst, '-')
			dst = appendHex(dst, mix(u)&0xffffffffffff, 12)
		case model.Hash:
			v := ctx.vals[p.prop.Name]
			width := len(strconv.Itoa(p.Buckets - 1))
			dst = appendPadded(dst, int64(strHash(valueText(v, ""))%uint64(p.Buckets)), width)
		default:
			dst = appendValueText(dst, ctx.vals[p.prop.Name], p.Verb)
		}
	}
	return dst
}

// appendHex appends v in lower-case hexadecimal, zero-padded to width
// digits (as %0*x does; v has at most width digits).
func appendHex(dst []byte, v uint64, width int) []byte {
	const hex = "0123456789abcdef"
	n := len(dst)
	for range width {
		dst = append(dst, '0')
	}
	for i := len(dst) - 1; i >= n && v != 0; i-- {
		dst[i] = hex[v&0xf]
		v >>= 4
	}
	return dst
}

// appendPadded appends v as %0*d does with width.
func appendPadded(dst []byte, v int64, width int) []byte {
	if v < 0 {
		return fmt.Appendf(dst, "%0*d", width, v)
	}
	var d [20]byte
	digits := strconv.AppendInt(d[:0], v, 10)
	for range width - len(digits) {
		dst = append(dst, '0')
	}
	return append(dst, digits...)
}

// appendFormat appends an integer as format(verb, v) writes it: "" and
// "%d" and "%0Nd" directly, any other verb through fmt.
func appendFormat(dst []byte, verb string, v int64) []byte {
	if verb == "" || verb == "%d" {
		return strconv.AppendInt(dst, v, 10)
	}
	if len(verb) >= 4 && len(verb) <= 5 && verb[0] == '%' && verb[1] == '0' && verb[len(verb)-1] == 'd' {
		w := 0
		for _, c := range []byte(verb[2 : len(verb)-1]) {
			if c < '0' || c > '9' {
				return fmt.Appendf(dst, verb, v)
			}
			w = w*10 + int(c-'0')
		}
		return appendPadded(dst, v, w)
	}
	return fmt.Appendf(dst, verb, v)
}

// appendValueText appends valueText(v, verb).
func appendValueText(dst []byte, v edm.Value, verb string) []byte {
	switch v.Type {
	case edm.Int32, edm.Int64:
		return appendFormat(dst, verb, v.Int)
	case edm.String:
		if verb == "" || verb == "%s" {
			return append(dst, v.Str...)
		}
	}
	return append(dst, valueText(v, verb)...)
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
