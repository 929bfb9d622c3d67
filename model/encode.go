package model

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"
	"unicode"

	"github.com/tablelint/tablelint/edm"
	"gopkg.in/yaml.v3"
)

// Note names where a comment goes in an encoded design: before (Head),
// at the end of (Line) or after (Foot) one entry or one field of an
// entry. Of is the design itself (nil) or one of its *Table, *Entity,
// *Property, *Query or *Transaction; Field is "" for the entry itself, or
// the name of one of its fields ("partitionKey", "rate"). A Head note on
// a field the entry does not have goes before the next field written, or
// after the entry when no field follows: "# rate: ?" stands where the
// rate would be.
type Note struct {
	Of    any
	Field string
}

// Notes are the comments Encode writes. Each text may hold several
// lines; each becomes one "# " comment line, with control characters
// replaced by spaces.
type Notes struct {
	Head, Line, Foot map[Note]string
}

func (n *Notes) get(m func(*Notes) map[Note]string, of any, field string) string {
	if n == nil {
		return ""
	}
	return m(n)[Note{of, field}]
}

// Encode writes d as a design file that Parse reads back as the same
// design: every table, entity type, property, query and transaction
// group in order, with every field the design gives. Names, templates
// and filters are written as double-quoted strings, a property with only
// a type in the short form. notes, if not nil, adds comments.
//
// Encode fails, writing nothing, when d holds what no design file can
// say: a name or text that is not valid UTF-8 or holds a NUL byte, two
// entries of one mapping with the same name, a reference the loader
// would resolve to another entry, or a value out of the loader's bounds;
// and (ErrTooLarge) when the file would be larger than MaxFileSize. A
// design that Parse returned or that the Add methods built encodes
// unless it is too large.
func Encode(w io.Writer, d *Design, notes *Notes) error {
	e := &encoder{notes: notes}
	root := e.design(d)
	if e.err != nil {
		return e.err
	}
	var b bytes.Buffer
	enc := yaml.NewEncoder(&b)
	enc.SetIndent(2)
	if err := enc.Encode(&yaml.Node{Kind: yaml.DocumentNode, Content: []*yaml.Node{root}}); err != nil {
		return fmt.Errorf("encoding the design: %w", err)
	}
	if err := enc.Close(); err != nil {
		return fmt.Errorf("encoding the design: %w", err)
	}
	if b.Len() > MaxFileSize {
		return fmt.Errorf("%w: %d bytes, over the loader's limit of %d MiB", ErrTooLarge, b.Len(), MaxFileSize>>20)
	}
	_, err := w.Write(b.Bytes())
	return err
}

// ErrTooLarge is returned by Encode for a design whose file would be
// larger than MaxFileSize: one Parse read from a smaller file whose YAML
// aliases stood for many entries (Encode writes no aliases), or one built
// bigger than the loader accepts.
var ErrTooLarge = errors.New("the design file would be too large")

type encoder struct {
	notes *Notes
	err   error
}

func (e *encoder) fail(format string, args ...any) {
	if e.err == nil {
		e.err = fmt.Errorf(format, args...)
	}
}

// text checks that s can be written and read back unchanged.
func (e *encoder) text(what, s string) string {
	if err := checkText(s); err != nil {
		e.fail("%s %q: %v", what, truncate(s, 40), err)
	}
	return s
}

// checkText refuses what a design file cannot hold: invalid UTF-8 and
// NUL bytes (the loader refuses both as binary data).
func checkText(s string) error {
	if i := firstInvalidUTF8(s); i < len(s) {
		return fmt.Errorf("invalid UTF-8 at byte %d", i)
	}
	if strings.IndexByte(s, 0) >= 0 {
		return errors.New("a NUL byte")
	}
	return nil
}

func quoted(s string) *yaml.Node {
	return &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!str", Value: s, Style: yaml.DoubleQuotedStyle}
}

func plain(s string) *yaml.Node { return &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!str", Value: s} }

func integer(v int64) *yaml.Node {
	return &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!int", Value: strconv.FormatInt(v, 10)}
}

func boolean(v bool) *yaml.Node {
	return &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!bool", Value: strconv.FormatBool(v)}
}

// comment turns a note's text into YAML comment lines.
func comment(s string) string {
	if s == "" {
		return ""
	}
	lines := strings.Split(s, "\n")
	for i, l := range lines {
		l = strings.Map(func(r rune) rune {
			if unicode.IsControl(r) || r == '\u0085' || r == '\u2028' || r == '\u2029' || r == '\ufeff' {
				return ' '
			}
			return r
		}, l)
		lines[i] = strings.TrimRight("# "+l, " ")
	}
	return strings.Join(lines, "\n")
}

// mapping builds a block mapping of fields, placing the notes of of.
type mapping struct {
	e       *encoder
	of      any
	node    *yaml.Node
	pending []string // head notes of fields not written
	names   map[string]bool
	what    string
}

func (e *encoder) mapping(of any, what string, style yaml.Style) *mapping {
	return &mapping{e: e, of: of, what: what, node: &yaml.Node{Kind: yaml.MappingNode, Style: style}, names: map[string]bool{}}
}

// skip records that field is not written: its head note moves on.
func (m *mapping) skip(field string) {
	if h := m.e.notes.get(heads, m.of, field); h != "" {
		m.pending = append(m.pending, h)
	}
}

// field adds a fixed field (a plain key).
func (m *mapping) field(name string, v *yaml.Node) {
	k := plain(name)
	m.add(k, v, name)
}

// entry adds a named entry (a quoted key) for of.
func (m *mapping) entry(name string, of any, v *yaml.Node) {
	if m.names[name] {
		m.e.fail("%s: two entries named %q", m.what, name)
	}
	m.names[name] = true
	k := quoted(m.e.text(m.what+" name", name))
	k.HeadComment = comment(m.e.notes.get(heads, of, ""))
	if l := m.e.notes.get(lines, of, ""); l == "" {
	} else if v.Kind == yaml.ScalarNode || v.Style == yaml.FlowStyle {
		v.LineComment = comment(l)
	} else {
		k.LineComment = comment(l)
	}
	if f := m.e.notes.get(foots, of, ""); f != "" {
		v.FootComment = comment(f)
	}
	m.node.Content = append(m.node.Content, k, v)
}

func (m *mapping) add(k, v *yaml.Node, field string) {
	heads := append(m.pending, m.e.notes.get(heads, m.of, field))
	m.pending = nil
	k.HeadComment = comment(strings.Trim(strings.Join(heads, "\n"), "\n"))
	if l := m.e.notes.get(lines, m.of, field); l != "" {
		if v.Kind == yaml.ScalarNode || v.Style == yaml.FlowStyle {
			v.LineComment = comment(l)
		} else {
			k.LineComment = comment(l)
		}
	}
	m.node.Content = append(m.node.Content, k, v)
}

// done returns the mapping, the pending notes as a foot comment.
func (m *mapping) done() *yaml.Node {
	if len(m.pending) > 0 {
		foot := comment(strings.Join(m.pending, "\n"))
		if n := len(m.node.Content); n > 0 {
			last := m.node.Content[n-1]
			last.FootComment = strings.Trim(last.FootComment+"\n"+foot, "\n")
		}
	}
	return m.node
}

// flowIfEmpty writes an empty mapping as {}.
func flowIfEmpty(n *yaml.Node) *yaml.Node {
	if len(n.Content) == 0 {
		n.Style = yaml.FlowStyle
	}
	return n
}

func heads(n *Notes) map[Note]string { return n.Head }
func lines(n *Notes) map[Note]string { return n.Line }
func foots(n *Notes) map[Note]string { return n.Foot }

func (e *encoder) design(d *Design) *yaml.Node {
	m := e.mapping(nil, "the design", 0)
	if d.Version > 1 {
		e.fail("design version %d: this tablelint writes version 1", d.Version)
	}
	m.field("version", integer(1))
	if d.TargetNode != nil || d.Target != Storage {
		m.field("target", plain(d.Target.String()))
	} else {
		m.skip("target")
	}
	if t := d.Throughput; t.Node != nil || t.Mode != NoThroughput {
		m.field("throughput", e.throughput(t))
	} else {
		m.skip("throughput")
	}
	tables := e.mapping(nil, "tables", 0)
	for _, t := range d.Tables {
		tables.entry(t.Name, t, e.table(t))
	}
	m.field("tables", flowIfEmpty(tables.done()))
	root := m.done()
	if h := comment(e.notes.get(heads, nil, "")); h != "" {
		k := root.Content[0]
		k.HeadComment = strings.Trim(h+"\n"+k.HeadComment, "\n")
	}
	return root
}

func (e *encoder) throughput(t Throughput) *yaml.Node {
	if t.RUPerSecond < 0 || t.RUPerSecond > MaxCount {
		e.fail("throughput %d RU/s is out of bounds", t.RUPerSecond)
	}
	switch t.Mode {
	case Serverless:
		return plain("serverless")
	case Autoscale:
		return &yaml.Node{Kind: yaml.MappingNode, Style: yaml.FlowStyle, Content: []*yaml.Node{plain("autoscale"), integer(t.RUPerSecond)}}
	case Provisioned:
		if t.RUPerSecond < 1 {
			e.fail("throughput must be at least 1 RU/s")
		}
		return integer(t.RUPerSecond)
	}
	e.fail("throughput without a mode")
	return plain("")
}

func (e *encoder) table(t *Table) *yaml.Node {
	m := e.mapping(t, "table "+t.Name, 0)
	if t.DiscriminatorNode != nil || t.Discriminator != "" {
		m.field("discriminator", quoted(e.text("discriminator", t.Discriminator)))
	} else {
		m.skip("discriminator")
	}
	ents := e.mapping(nil, "table "+t.Name+" entities", 0)
	for _, en := range t.Entities {
		ents.entry(en.Name, en, e.entity(en))
	}
	m.field("entities", flowIfEmpty(ents.done()))
	if len(t.Queries) > 0 {
		qs := e.mapping(nil, "table "+t.Name+" queries", 0)
		for _, q := range t.Queries {
			qs.entry(q.Name, q, e.query(q))
		}
		m.field("queries", qs.done())
	} else {
		m.skip("queries")
	}
	if len(t.Transactions) > 0 {
		xs := e.mapping(nil, "table "+t.Name+" transactions", 0)
		for _, x := range t.Transactions {
			xs.entry(x.Name, x, e.transaction(t, x))
		}
		m.field("transactions", xs.done())
	} else {
		m.skip("transactions")
	}
	return m.done()
}

func (e *encoder) template(what string, t *Template) *yaml.Node {
	if t == nil {
		e.fail("%s: no template", what)
		return quoted("")
	}
	return quoted(e.text(what, t.Text))
}

func (e *encoder) entity(en *Entity) *yaml.Node {
	m := e.mapping(en, "entity type "+en.Name, 0)
	m.field("partitionKey", e.template("partitionKey", en.PartitionKey))
	m.field("rowKey", e.template("rowKey", en.RowKey))
	if en.CountNode != nil || en.Count != 0 {
		m.field("count", e.whole("count", en.Count, MaxCount))
	} else {
		m.skip("count")
	}
	for _, r := range []struct {
		name string
		node *yaml.Node
		v    Rate
	}{{"writes", en.WritesNode, en.Writes}, {"inserts", en.InsertsNode, en.Inserts}} {
		if r.node != nil || r.v != 0 {
			m.field(r.name, e.rate(r.name, r.v))
		} else {
			m.skip(r.name)
		}
	}
	if en.CopyOf != nil {
		m.field("copyOf", quoted(e.entityRef(en, en.CopyOf)))
	} else {
		m.skip("copyOf")
	}
	if en.PartOf != nil {
		m.field("partOf", quoted(e.entityRef(en, en.PartOf)))
	} else {
		m.skip("partOf")
	}
	if en.Eventual {
		m.field("eventual", boolean(true))
	} else {
		m.skip("eventual")
	}
	ps := e.mapping(nil, "entity type "+en.Name+" properties", 0)
	for _, p := range en.Properties {
		ps.entry(p.Name, p, e.property(p))
	}
	m.field("properties", flowIfEmpty(ps.done()))
	return m.done()
}

// entityRef writes a reference from one entity type to another as the
// loader resolves it: "Entity" in the same table, "Table.Entity" else.
func (e *encoder) entityRef(from, to *Entity) string {
	if to.Table == from.Table && !strings.Contains(to.Name, ".") {
		return to.Name
	}
	if to.Table == nil || strings.Contains(to.Table.Name, ".") {
		e.fail("entity type %s: its reference to %s cannot be written", from.Name, to.Name)
		return ""
	}
	return to.Table.Name + "." + to.Name
}

func (e *encoder) whole(what string, v, limit int64) *yaml.Node {
	if v < 0 || v > limit {
		e.fail("%s %d is out of bounds (0 to %d)", what, v, limit)
	}
	return integer(v)
}

// rate writes r so that ParseRate reads back exactly r: in the largest
// unit that gives a short number, else in events per second.
func (e *encoder) rate(what string, r Rate) *yaml.Node {
	v := float64(r)
	if v < 0 || v > MaxRate || math.IsNaN(v) {
		e.fail("%s %v is out of bounds", what, v)
		return plain("0/s")
	}
	return plain(FormatRate(r))
}

// FormatRate writes r as a design file's rate that ParseRate reads back
// as exactly r: in the largest unit that keeps the number at least 1, as
// Rate.String does ("500/s", "10/min", "2.5/h"), or in events a second
// when that unit does not give r in a few digits ("1e-05/s").
func FormatRate(r Rate) string {
	v := float64(r)
	unit, secs := "s", 1.0
	switch {
	case v == 0 || v >= 1:
	case v*60 >= 1:
		unit, secs = "min", 60
	case v*3600 >= 1:
		unit, secs = "h", 3600
	default:
		unit, secs = "day", 86400
	}
	perSecond := strconv.FormatFloat(v, 'g', -1, 64) + "/s"
	n := v * secs
	if n == math.Trunc(n) && n < 1e15 {
		if s := strconv.FormatFloat(n, 'f', -1, 64) + "/" + unit; exactRate(s, r) {
			return s
		}
	}
	// The fewest digits that read back exactly, unless events a second
	// say it shorter.
	for prec := 1; prec <= 17; prec++ {
		if s := strconv.FormatFloat(n, 'g', prec, 64) + "/" + unit; exactRate(s, r) {
			if prec > 6 && len(perSecond) < len(s) {
				break
			}
			return s
		}
	}
	return perSecond
}

func exactRate(s string, r Rate) bool {
	back, err := ParseRate(s)
	return err == nil && back == r
}

func (e *encoder) property(p *Property) *yaml.Node {
	if p.Type == edm.Invalid || p.Type.String() == "" {
		e.fail("property %s: no EDM type", p.Name)
		return plain("")
	}
	typ := plain(p.Type.String())
	var fields []*yaml.Node
	add := func(name string, v *yaml.Node) { fields = append(fields, plain(name), v) }
	if p.MaxLengthNode != nil || p.MaxLength != 0 {
		add("maxLength", e.whole("maxLength", p.MaxLength, MaxLengthBound))
	}
	if p.MaxBytesNode != nil || p.MaxBytes != 0 {
		add("maxBytes", e.whole("maxBytes", p.MaxBytes, MaxLengthBound))
	}
	if p.Cardinality != 0 {
		add("cardinality", e.whole("cardinality", p.Cardinality, MaxCount))
	}
	if p.TypicalLength != 0 {
		add("typicalLength", e.whole("typicalLength", p.TypicalLength, MaxLengthBound))
	}
	if p.TypicalBytes != 0 {
		add("typicalBytes", e.whole("typicalBytes", p.TypicalBytes, MaxLengthBound))
	}
	if p.CopyOf != nil {
		src := p.CopyOf
		if src.Entity == nil || strings.Contains(src.Name, ".") {
			e.fail("property %s: its copyOf cannot be written", p.Name)
		} else {
			add("copyOf", quoted(e.entityRef(p.Entity, src.Entity)+"."+src.Name))
		}
	}
	if len(fields) == 0 {
		return typ
	}
	return &yaml.Node{Kind: yaml.MappingNode, Style: yaml.FlowStyle, Content: append([]*yaml.Node{plain("type"), typ}, fields...)}
}

// FilterText returns the query's filter as written.
func (q *Query) FilterText() string {
	if q.FilterNode != nil {
		return q.FilterNode.Value
	}
	return q.filterText
}

func (e *encoder) query(q *Query) *yaml.Node {
	m := e.mapping(q, "query "+q.Name, 0)
	m.field("filter", quoted(e.text("filter", q.FilterText())))
	if q.TopNode != nil || q.Top != 0 {
		if q.Top < 1 {
			e.fail("query %s: top must be at least 1", q.Name)
		}
		m.field("top", e.whole("top", q.Top, MaxLengthBound))
	} else {
		m.skip("top")
	}
	if len(q.Select) > 0 {
		s := &yaml.Node{Kind: yaml.SequenceNode, Style: yaml.FlowStyle}
		for _, p := range q.Select {
			s.Content = append(s.Content, quoted(e.text("select", p)))
		}
		m.field("select", s)
	} else {
		m.skip("select")
	}
	if q.OrderNode != nil || q.Order != "" {
		o := q.Order
		if q.OrderDesc {
			o += " desc"
		}
		if f := strings.Fields(q.Order); len(f) != 1 || f[0] != q.Order {
			e.fail("query %s: order %q cannot be written", q.Name, q.Order)
		}
		m.field("order", quoted(e.text("order", o)))
	} else {
		m.skip("order")
	}
	if q.RateNode != nil || q.Rate != 0 {
		m.field("rate", e.rate("rate", q.Rate))
	} else {
		m.skip("rate")
	}
	if q.DeletesNode != nil || q.Deletes {
		m.field("deletes", boolean(q.Deletes))
	} else {
		m.skip("deletes")
	}
	if q.CountOnlyNode != nil || q.CountOnly {
		m.field("countOnly", boolean(q.CountOnly))
	} else {
		m.skip("countOnly")
	}
	if q.Then != nil {
		name := q.Then.Name
		if q.Then.Table != q.Table || strings.Contains(name, ".") {
			if q.Then.Table == nil || strings.Contains(q.Then.Table.Name, ".") {
				e.fail("query %s: then %s cannot be written", q.Name, name)
			} else {
				name = q.Then.Table.Name + "." + name
			}
		}
		m.field("then", quoted(name))
	} else {
		m.skip("then")
	}
	if len(q.Callers) > 0 {
		s := &yaml.Node{Kind: yaml.SequenceNode}
		for _, c := range q.Callers {
			s.Content = append(s.Content, quoted(e.text("caller", c)))
		}
		m.field("callers", s)
	} else {
		m.skip("callers")
	}
	return m.done()
}

func (e *encoder) transaction(t *Table, x *Transaction) *yaml.Node {
	s := &yaml.Node{Kind: yaml.SequenceNode, Style: yaml.FlowStyle}
	if len(x.Members) == 0 {
		e.fail("transaction %s: no members", x.Name)
	}
	for _, m := range x.Members {
		if m.Entity == nil {
			e.fail("transaction %s: a member without an entity type", x.Name)
			continue
		}
		name := m.Entity.Name
		if m.Entity.Table != t {
			if m.Entity.Table == nil || strings.Contains(m.Entity.Table.Name, ".") {
				e.fail("transaction %s: member %s cannot be written", x.Name, name)
				continue
			}
			name = m.Entity.Table.Name + "." + name
			if t.Entity(name) != nil || m.Entity.Table.Name == t.Name {
				e.fail("transaction %s: member %s would name another entity type", x.Name, name)
			}
		}
		n := quoted(e.text("transaction member", name))
		if m.Count == 1 {
			s.Content = append(s.Content, n)
			continue
		}
		if m.Count < 1 || m.Count > MaxMembers {
			e.fail("transaction %s: %d entities of %s is out of bounds", x.Name, m.Count, name)
		}
		s.Content = append(s.Content, &yaml.Node{Kind: yaml.MappingNode, Style: yaml.FlowStyle, Content: []*yaml.Node{n, integer(m.Count)}})
	}
	return s
}
