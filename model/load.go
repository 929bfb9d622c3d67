package model

import (
	"bytes"
	"errors"
	"fmt"
	"github.com/tablelint/tablelint/internal/suggest"
	"io"
	"os"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"unicode/utf8"

	"github.com/tablelint/tablelint/edm"
	"github.com/tablelint/tablelint/odata"
	"github.com/tablelint/tablelint/plan"
	"gopkg.in/yaml.v3"
)

// Limits on hostile input.
const (
	// MaxFileSize is the largest design file accepted, in bytes.
	MaxFileSize = 4 << 20
	// MaxAliasNodes is the most YAML nodes that aliases may add to a
	// design once expanded: each use of an alias counts the nodes it
	// stands for, aliases within it included. Nodes written out in the
	// file are not counted; MaxFileSize bounds them.
	MaxAliasNodes = 200_000
)

// Error is an invalid design: one message at one place.
type Error struct {
	File      string
	Line, Col int
	Msg       string
}

func (e *Error) Error() string { return fmt.Sprintf("%s:%d:%d: %s", e.File, e.Line, e.Col, e.Msg) }

// Load reads and parses the design file at path.
func Load(path string) (*Design, error) {
	// O_NONBLOCK: opening a FIFO nobody writes to returns at once (and
	// reads as empty) instead of hanging; regular files are unaffected.
	f, err := os.OpenFile(path, os.O_RDONLY|syscall.O_NONBLOCK, 0)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	if fi, err := f.Stat(); err == nil && fi.IsDir() {
		return nil, &Error{File: path, Line: 1, Col: 1, Msg: "is a directory, not a design file"}
	}
	src, err := io.ReadAll(io.LimitReader(f, MaxFileSize+1))
	if err != nil {
		return nil, err
	}
	return Parse(path, src)
}

var yamlLineErr = regexp.MustCompile(`^yaml: line (\d+): (.*)$`)

// Parse parses a design from src; file names it in errors. Every error is
// an *Error.
func Parse(file string, src []byte) (*Design, error) {
	at := func(line, col int, format string, args ...any) error {
		return &Error{File: file, Line: line, Col: col, Msg: fmt.Sprintf(format, args...)}
	}
	if len(src) > MaxFileSize {
		return nil, at(1, 1, "design file is larger than the limit of %d MiB", MaxFileSize>>20)
	}
	if i := binaryByte(src); i >= 0 {
		line, col := lineCol(src, i)
		return nil, at(line, col, "not a YAML design file: binary data (byte 0x%02x)", src[i])
	}
	dec := yaml.NewDecoder(bytes.NewReader(src))
	var doc yaml.Node
	if err := decodeYAML(dec, &doc); err != nil {
		if errors.Is(err, io.EOF) {
			return nil, at(1, 1, "empty design file: expected a mapping with version, target and tables")
		}
		return nil, yamlError(file, err)
	}
	var next yaml.Node
	if err := decodeYAML(dec, &next); err == nil {
		return nil, at(max(next.Line, 1), 1, "a design file holds one YAML document; found a second one")
	} else if !errors.Is(err, io.EOF) {
		return nil, yamlError(file, err)
	}
	d := &Design{File: file, Version: 1, Src: src}
	l := &loader{d: d}
	if err := l.checkAliases(&doc); err != nil {
		return nil, err
	}
	if err := l.design(&doc); err != nil {
		return nil, err
	}
	return d, nil
}

// decodeYAML decodes the next document. gopkg.in/yaml.v3 panics on some
// malformed input instead of returning an error; only that panic, from
// the third-party decoder, is turned into an error. A panic in tablelint's
// own loader is a bug and is not recovered, so tests and fuzzing find it.
func decodeYAML(dec *yaml.Decoder, n *yaml.Node) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("yaml: cannot parse: %v", r)
		}
	}()
	return dec.Decode(n)
}

func yamlError(file string, err error) error {
	msg := err.Error()
	if m := yamlLineErr.FindStringSubmatch(msg); m != nil {
		line, _ := strconv.Atoi(m[1])
		return &Error{File: file, Line: max(line, 1), Col: 1, Msg: "invalid YAML: " + m[2]}
	}
	return &Error{File: file, Line: 1, Col: 1, Msg: "invalid YAML: " + strings.TrimPrefix(msg, "yaml: ")}
}

// binaryByte returns the offset of the first NUL byte or invalid UTF-8
// sequence in src, or -1.
func binaryByte(src []byte) int {
	for i := 0; i < len(src); {
		c := src[i]
		if c == 0 {
			return i
		}
		if c < utf8.RuneSelf {
			i++
			continue
		}
		r, n := utf8.DecodeRune(src[i:])
		if r == utf8.RuneError && n <= 1 {
			return i
		}
		i += n
	}
	return -1
}

// lineCol returns the 1-based line and byte column of offset i.
func lineCol(src []byte, i int) (int, int) {
	line := 1 + bytes.Count(src[:i], []byte{'\n'})
	start := bytes.LastIndexByte(src[:i], '\n') + 1
	return line, i - start + 1
}

type loader struct {
	d     *Design
	refs  []entityRef // copyOf and partOf fields, resolved after all tables
	thens []*Query    // queries with a then field, resolved after all tables
	// others are transaction members naming another table's entity type
	// (Table.Entity), resolved after all tables.
	others []*Member
}

func (l *loader) errAt(n *yaml.Node, format string, args ...any) error {
	line, col := l.d.Pos(n)
	return &Error{File: l.d.File, Line: line, Col: col, Msg: fmt.Sprintf(format, args...)}
}

func (l *loader) errIn(n *yaml.Node, off int, format string, args ...any) error {
	line, col := l.d.PosIn(n, off)
	return &Error{File: l.d.File, Line: line, Col: col, Msg: fmt.Sprintf(format, args...)}
}

// deref follows aliases. checkAliases has bounded what they expand to.
func (l *loader) deref(n *yaml.Node) (*yaml.Node, error) {
	for hops := 0; n.Kind == yaml.AliasNode; hops++ {
		if n.Alias == nil || hops > 100 {
			return nil, l.errAt(n, "unresolvable alias *%s", n.Value)
		}
		n = n.Alias
	}
	return n, nil
}

// checkAliases bounds the work and memory of loading: the loader builds
// a model value for every node it reaches, once through each alias, so the
// nodes the aliases add, counted with memoisation in one pass over the
// document, must stay within MaxAliasNodes. An alias inside the node it
// names (&a [*a]) is refused: it expands without end.
func (l *loader) checkAliases(doc *yaml.Node) error {
	c := aliasCounter{size: map[*yaml.Node]int{}}
	var added int
	var walk func(n *yaml.Node) error
	walk = func(n *yaml.Node) error {
		if n.Kind == yaml.AliasNode {
			k, bad := c.expanded(n)
			if bad != nil {
				return l.errAt(bad, "alias *%s is used inside the node it names, which never ends", bad.Value)
			}
			if added += k; added > MaxAliasNodes {
				return l.errAt(n, "aliases expand to more than %d YAML nodes (an alias bomb?)", MaxAliasNodes)
			}
			return nil
		}
		for _, ch := range n.Content {
			if err := walk(ch); err != nil {
				return err
			}
		}
		return nil
	}
	return walk(doc)
}

// aliasCounter counts the nodes a node stands for once its aliases are
// expanded, up to MaxAliasNodes+1.
type aliasCounter struct {
	// size holds the count of each anchored node, or -1 while it is
	// being counted.
	size map[*yaml.Node]int
}

// expanded returns the number of nodes n stands for, and the alias that
// names a node containing it, if any.
func (c *aliasCounter) expanded(n *yaml.Node) (int, *yaml.Node) {
	if n.Kind == yaml.AliasNode {
		if n.Alias == nil {
			return 1, nil // deref reports it
		}
		k, bad := c.expanded(n.Alias)
		if k < 0 {
			return 0, n
		}
		return k, bad
	}
	if n.Anchor != "" {
		if k, ok := c.size[n]; ok {
			return k, nil
		}
		c.size[n] = -1
	}
	total := 1
	for _, ch := range n.Content {
		k, bad := c.expanded(ch)
		if bad != nil {
			return 0, bad
		}
		total = min(total+k, MaxAliasNodes+1)
	}
	if n.Anchor != "" {
		c.size[n] = total
	}
	return total, nil
}

// field is one key: value pair of a mapping.
type field struct{ key, val *yaml.Node }

func kindName(n *yaml.Node) string {
	switch n.Kind {
	case yaml.MappingNode:
		return "a mapping"
	case yaml.SequenceNode:
		return "a list"
	case yaml.ScalarNode:
		if n.Tag == "!!null" {
			return "empty"
		}
		return strconv.Quote(truncate(n.Value, 40))
	}
	return "something else"
}

func truncate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n] + "…"
}

// mapping returns the fields of a mapping node. what names the mapping in
// errors. known lists the allowed keys (nil: any key, as for maps of
// names). Merge keys (<<) are applied; explicit keys win.
func (l *loader) mapping(n *yaml.Node, what string, known []string) ([]field, error) {
	n, err := l.deref(n)
	if err != nil {
		return nil, err
	}
	if n.Kind != yaml.MappingNode {
		return nil, l.errAt(n, "%s must be a mapping, not %s", what, kindName(n))
	}
	var out []field
	seen := map[string]*yaml.Node{}
	var merged []field
	for i := 0; i+1 < len(n.Content); i += 2 {
		k, err := l.deref(n.Content[i])
		if err != nil {
			return nil, err
		}
		v := n.Content[i+1]
		if k.Kind != yaml.ScalarNode {
			return nil, l.errAt(k, "%s: keys must be plain names, not %s", what, kindName(k))
		}
		if k.Tag == "!!merge" {
			ms, err := l.merge(v, what, known)
			if err != nil {
				return nil, err
			}
			merged = append(merged, ms...)
			continue
		}
		if prev, dup := seen[k.Value]; dup {
			return nil, l.errAt(k, "%s: duplicate key %q (first at line %d)", what, k.Value, prev.Line)
		}
		if known != nil && !slices.Contains(known, k.Value) {
			msg := fmt.Sprintf("unknown field %q in %s", k.Value, what)
			if s := didYouMean(k.Value, known); s != "" {
				msg += fmt.Sprintf("; did you mean %q?", s)
			} else {
				msg += "; known fields: " + strings.Join(known, ", ")
			}
			return nil, l.errAt(k, "%s", msg)
		}
		seen[k.Value] = k
		out = append(out, field{k, v})
	}
	for _, m := range merged {
		if _, ok := seen[m.key.Value]; !ok {
			seen[m.key.Value] = m.key
			out = append(out, m)
		}
	}
	return out, nil
}

func (l *loader) merge(v *yaml.Node, what string, known []string) ([]field, error) {
	v, err := l.deref(v)
	if err != nil {
		return nil, err
	}
	if v.Kind == yaml.SequenceNode {
		var out []field
		for _, e := range v.Content {
			fs, err := l.mapping(e, what, known)
			if err != nil {
				return nil, err
			}
			out = append(out, fs...)
		}
		return out, nil
	}
	return l.mapping(v, what, known)
}

// scalar returns the text of a scalar node; null is an error.
func (l *loader) scalar(n *yaml.Node, what string) (*yaml.Node, string, error) {
	n, err := l.deref(n)
	if err != nil {
		return nil, "", err
	}
	if n.Kind != yaml.ScalarNode || n.Tag == "!!null" {
		return nil, "", l.errAt(n, "%s must be a string, not %s", what, kindName(n))
	}
	return n, n.Value, nil
}

// integer returns a non-negative whole number.
func (l *loader) integer(n *yaml.Node, what string) (*yaml.Node, int64, error) {
	n, err := l.deref(n)
	if err != nil {
		return nil, 0, err
	}
	var v int64
	if n.Kind != yaml.ScalarNode || n.Tag != "!!int" || n.Decode(&v) != nil {
		return nil, 0, l.errAt(n, "%s must be a whole number, not %s", what, kindName(n))
	}
	if v < 0 {
		return nil, 0, l.errAt(n, "%s must not be negative", what)
	}
	if limit := wholeLimit(what); v > limit {
		return nil, 0, l.errAt(n, "%s %d is too large: at most %d", what, v, limit)
	}
	return n, v, nil
}

// Bounds of a design's whole numbers. They are far beyond what the
// service allows, so no real design meets them, and they keep every
// product the review and the workload generator compute (sizes × counts,
// rates × counts) within int64 and exactly representable in float64.
const (
	// MaxCount bounds entity counts and cardinalities (10^15).
	MaxCount = 1_000_000_000_000_000
	// MaxLengthBound bounds maxLength, maxBytes and the typical sizes
	// (2^30; the service's limit is 64 KiB).
	MaxLengthBound = 1 << 30
	// MaxMembers bounds the number of entities of one kind in a
	// transaction (the service allows 100 in all).
	MaxMembers = 1 << 20
)

// wholeLimit returns the largest value a whole-number field may have.
func wholeLimit(what string) int64 {
	switch what {
	case "maxLength", "maxBytes", "typicalLength", "typicalBytes", "top":
		return MaxLengthBound
	case "the number of entities":
		return MaxMembers
	}
	return MaxCount
}

func (l *loader) rate(n *yaml.Node, what string) (*yaml.Node, Rate, error) {
	n, s, err := l.scalar(n, what)
	if err != nil {
		return nil, 0, err
	}
	r, err := ParseRate(s)
	if err != nil {
		return nil, 0, l.errAt(n, "%s: %v", what, err)
	}
	return n, r, nil
}

func (l *loader) design(doc *yaml.Node) error {
	root := doc
	if doc.Kind == yaml.DocumentNode {
		if len(doc.Content) == 0 {
			return l.errAt(doc, "empty design file")
		}
		root = doc.Content[0]
	}
	r, err := l.deref(root)
	if err != nil {
		return err
	}
	if r.Kind == yaml.ScalarNode && r.Tag == "!!null" {
		return l.errAt(r, "empty design file: expected a mapping with version, target and tables")
	}
	l.d.Root = r
	fs, err := l.mapping(r, "the design", fieldNames(designFormat))
	if err != nil {
		return err
	}
	var tables *yaml.Node
	for _, f := range fs {
		switch f.key.Value {
		case "version":
			n, v, err := l.integer(f.val, "version")
			if err != nil {
				return err
			}
			if v != 1 {
				return l.errAt(n, "unsupported design version %d: this tablelint reads version 1", v)
			}
		case "target":
			n, s, err := l.scalar(f.val, "target")
			if err != nil {
				return err
			}
			switch s {
			case "storage":
				l.d.Target = Storage
			case "cosmos":
				l.d.Target = Cosmos
			default:
				return l.errAt(n, "unknown target %q: want storage or cosmos", s)
			}
			l.d.TargetNode = n
		case "throughput":
			if err := l.throughput(f.val); err != nil {
				return err
			}
		case "tables":
			tables = f.val
		}
	}
	if n := l.d.Throughput.Node; n != nil && l.d.Target != Cosmos {
		return l.errAt(n, "throughput applies to target: cosmos (request units); Table storage has no provisioned throughput")
	}
	if tables == nil {
		return l.errAt(r, "the design has no tables: field")
	}
	tfs, err := l.mapping(tables, "tables", nil)
	if err != nil {
		return err
	}
	for _, tf := range tfs {
		t, err := l.table(tf)
		if err != nil {
			return err
		}
		l.d.Tables = append(l.d.Tables, t)
	}
	if err := l.resolveRefs(); err != nil {
		return err
	}
	if err := l.resolveOthers(); err != nil {
		return err
	}
	return l.resolveThens()
}

// resolveOthers resolves transaction members of the form Table.Entity.
func (l *loader) resolveOthers() error {
	for _, m := range l.others {
		tn, en, _ := strings.Cut(m.Node.Value, ".")
		var t *Table
		var names []string
		for _, o := range l.d.Tables {
			names = append(names, o.Name)
			if o.Name == tn {
				t = o
			}
		}
		if t == nil {
			return l.errAt(m.Node, "transaction: the design has no table %q%s", tn, suffixDidYouMean(tn, names))
		}
		if m.Entity = t.Entity(en); m.Entity == nil {
			names = names[:0]
			for _, e := range t.Entities {
				names = append(names, e.Name)
			}
			return l.errAt(m.Node, "transaction: table %s has no entity type %q%s", t.Name, en, suffixDidYouMean(en, names))
		}
	}
	return nil
}

// throughput reads the design's throughput: N (provisioned RU/s),
// serverless, {provisioned: N} or {autoscale: N}.
func (l *loader) throughput(v *yaml.Node) error {
	v, err := l.deref(v)
	if err != nil {
		return err
	}
	t := &l.d.Throughput
	t.Node = v
	if v.Kind == yaml.ScalarNode && v.Tag == "!!str" {
		if v.Value != "serverless" {
			return l.errAt(v, "throughput %q: want a number of RU/s, serverless, or {autoscale: N}", v.Value)
		}
		t.Mode = Serverless
		return nil
	}
	t.Mode = Provisioned
	n := v
	if v.Kind == yaml.MappingNode {
		fs, err := l.mapping(v, "throughput", []string{"provisioned", "autoscale"})
		if err != nil {
			return err
		}
		if len(fs) != 1 {
			return l.errAt(v, "throughput: give one of provisioned or autoscale")
		}
		if fs[0].key.Value == "autoscale" {
			t.Mode = Autoscale
		}
		n = fs[0].val
	}
	n, ru, err := l.integer(n, "throughput")
	if err != nil {
		return err
	}
	if ru < 1 {
		return l.errAt(n, "throughput must be at least 1 RU/s")
	}
	t.RUPerSecond = ru
	return nil
}

// resolveThens resolves queries' then: "query" of the same table or
// "Table.query".
func (l *loader) resolveThens() error {
	for _, q := range l.thens {
		t, name := q.Table, q.ThenNode.Value
		if tn, qn, ok := strings.Cut(name, "."); ok {
			t = nil
			var names []string
			for _, o := range l.d.Tables {
				names = append(names, o.Name)
				if o.Name == tn {
					t = o
				}
			}
			if t == nil {
				return l.errAt(q.ThenNode, "then: the design has no table %q%s", tn, suffixDidYouMean(tn, names))
			}
			name = qn
		}
		var names []string
		for _, o := range t.Queries {
			names = append(names, o.Name)
			if o.Name == name {
				q.Then = o
			}
		}
		if q.Then == nil {
			return l.errAt(q.ThenNode, "then: table %s has no query %q%s", t.Name, name, suffixDidYouMean(name, names))
		}
		if q.Then == q {
			return l.errAt(q.ThenNode, "then: query %s names itself", name)
		}
	}
	return nil
}

// resolveRefs resolves copyOf and partOf: "Entity" names an entity type of
// the same table, "Table.Entity" one of another table.
func (l *loader) resolveRefs() error {
	for _, ref := range l.refs {
		t, name := ref.from.Table, ref.node.Value
		var propName string
		if ref.prop != nil {
			i := strings.LastIndexByte(name, '.')
			if i < 0 {
				return l.errAt(ref.node, "copyOf: %q must name the property it copies as EntityType.Property (or Table.EntityType.Property)", name)
			}
			name, propName = name[:i], name[i+1:]
		}
		var names []string
		if tn, en, ok := strings.Cut(name, "."); ok {
			t = nil
			for _, o := range l.d.Tables {
				names = append(names, o.Name)
				if o.Name == tn {
					t = o
				}
			}
			if t == nil {
				return l.errAt(ref.node, "%s: the design has no table %q%s", ref.field, tn, suffixDidYouMean(tn, names))
			}
			name = en
		}
		target := t.Entity(name)
		if target == nil {
			names = names[:0]
			for _, e := range t.Entities {
				names = append(names, e.Name)
			}
			return l.errAt(ref.node, "%s: table %s has no entity type %q%s", ref.field, t.Name, name, suffixDidYouMean(name, names))
		}
		if ref.prop != nil {
			src := target.Property(propName)
			if src == nil {
				return l.errAt(ref.node, "copyOf: %s", unknownProperty(propName, "entity type "+target.Name, propNames(target.Properties)))
			}
			if src == ref.prop {
				return l.errAt(ref.node, "copyOf: property %s names itself", propName)
			}
			ref.prop.CopyOf, ref.prop.CopyOfNode = src, ref.node
			continue
		}
		if target == ref.from {
			return l.errAt(ref.node, "%s: entity type %s names itself", ref.field, name)
		}
		if ref.field == "copyOf" {
			ref.from.CopyOf, ref.from.CopyOfNode = target, ref.node
		} else {
			ref.from.PartOf, ref.from.PartOfNode = target, ref.node
		}
	}
	return nil
}

func suffixDidYouMean(s string, candidates []string) string {
	if c := didYouMean(s, candidates); c != "" {
		return fmt.Sprintf("; did you mean %q?", c)
	}
	return ""
}

// boolean returns a true or false value.
func (l *loader) boolean(n *yaml.Node, what string) (bool, error) {
	n, err := l.deref(n)
	if err != nil {
		return false, err
	}
	var v bool
	if n.Kind != yaml.ScalarNode || n.Tag != "!!bool" || n.Decode(&v) != nil {
		return false, l.errAt(n, "%s must be true or false, not %s", what, kindName(n))
	}
	return v, nil
}

func (l *loader) table(tf field) (*Table, error) {
	t := &Table{Name: tf.key.Value, Node: tf.key}
	what := "table " + t.Name
	fs, err := l.mapping(tf.val, what, fieldNames(tableFormat))
	if err != nil {
		return nil, err
	}
	t.Value, _ = l.deref(tf.val)
	var queries, txs []field
	for _, f := range fs {
		switch f.key.Value {
		case "entities":
			efs, err := l.mapping(f.val, what+" entities", nil)
			if err != nil {
				return nil, err
			}
			for _, ef := range efs {
				e, err := l.entity(t, ef)
				if err != nil {
					return nil, err
				}
				t.Entities = append(t.Entities, e)
			}
		case "queries":
			if queries, err = l.mapping(f.val, what+" queries", nil); err != nil {
				return nil, err
			}
		case "transactions":
			if txs, err = l.mapping(f.val, what+" transactions", nil); err != nil {
				return nil, err
			}
		case "discriminator":
			if t.DiscriminatorNode, t.Discriminator, err = l.scalar(f.val, what+" discriminator"); err != nil {
				return nil, err
			}
		}
	}
	if t.DiscriminatorNode != nil && t.Property(t.Discriminator) == nil {
		return nil, l.errAt(t.DiscriminatorNode, "discriminator: %s", unknownProperty(t.Discriminator, what, tablePropNames(t)))
	}
	// Key templates, queries and transactions refer to entity types and
	// properties, so they are resolved after all entities whatever the
	// field order.
	for _, e := range t.Entities {
		if err := l.resolve(e, e.PartitionKey, "partitionKey"); err != nil {
			return nil, err
		}
		if err := l.resolve(e, e.RowKey, "rowKey"); err != nil {
			return nil, err
		}
	}
	for _, qf := range queries {
		q, err := l.query(t, qf)
		if err != nil {
			return nil, err
		}
		t.Queries = append(t.Queries, q)
	}
	for _, xf := range txs {
		x, err := l.transaction(t, xf)
		if err != nil {
			return nil, err
		}
		t.Transactions = append(t.Transactions, x)
	}
	return t, nil
}

var entityFields = fieldNames(entityFormat)

// entityRef is an entity type field naming another entity type, resolved
// once every table is loaded.
type entityRef struct {
	from  *Entity
	prop  *Property // set for a property's copyOf: Entity.Property
	node  *yaml.Node
	field string
}

func (l *loader) entity(t *Table, ef field) (*Entity, error) {
	e := &Entity{Table: t, Name: ef.key.Value, Node: ef.key}
	what := "entity type " + e.Name
	fs, err := l.mapping(ef.val, what, entityFields)
	if err != nil {
		return nil, err
	}
	e.Value, _ = l.deref(ef.val)
	var pk, rk *yaml.Node
	for _, f := range fs {
		switch f.key.Value {
		case "partitionKey":
			pk = f.val
		case "rowKey":
			rk = f.val
		case "properties":
			pfs, err := l.mapping(f.val, what+" properties", nil)
			if err != nil {
				return nil, err
			}
			for _, pf := range pfs {
				p, err := l.property(e, pf)
				if err != nil {
					return nil, err
				}
				e.Properties = append(e.Properties, p)
			}
		case "count":
			if e.CountNode, e.Count, err = l.integer(f.val, "count"); err != nil {
				return nil, err
			}
		case "writes":
			if e.WritesNode, e.Writes, err = l.rate(f.val, "writes"); err != nil {
				return nil, err
			}
		case "inserts":
			if e.InsertsNode, e.Inserts, err = l.rate(f.val, "inserts"); err != nil {
				return nil, err
			}
		case "copyOf", "partOf":
			n, _, err := l.scalar(f.val, f.key.Value)
			if err != nil {
				return nil, err
			}
			l.refs = append(l.refs, entityRef{from: e, node: n, field: f.key.Value})
		case "eventual":
			if e.Eventual, err = l.boolean(f.val, "eventual"); err != nil {
				return nil, err
			}
		}
	}
	if pk == nil {
		return nil, l.errAt(e.Node, "%s has no partitionKey: every entity needs a PartitionKey template such as \"{Department}\"", what)
	}
	if rk == nil {
		return nil, l.errAt(e.Node, "%s has no rowKey: every entity needs a RowKey template such as \"{EmployeeId:%%06d}\"", what)
	}
	if e.PartitionKey, err = l.template(pk, "partitionKey"); err != nil {
		return nil, err
	}
	if e.RowKey, err = l.template(rk, "rowKey"); err != nil {
		return nil, err
	}
	return e, nil
}

func (l *loader) template(n *yaml.Node, what string) (*Template, error) {
	n, s, err := l.scalar(n, what)
	if err != nil {
		return nil, err
	}
	parts, err := ParseTemplate(s)
	if err != nil {
		var te *TemplateError
		errors.As(err, &te)
		return nil, l.errIn(n, te.Offset, "%s template %q: %s", what, truncate(s, 60), te.Msg)
	}
	return &Template{Text: s, Node: n, Parts: parts}, nil
}

// resolve binds a key template's placeholders to properties (bindKey).
func (l *loader) resolve(e *Entity, t *Template, what string) error {
	if off, msg := bindKey(e, t, what); msg != "" {
		return l.errIn(t.Node, off, "%s", msg)
	}
	return nil
}

// bindKey binds a key template's placeholders to properties: the entity
// type's own, or else one that another entity type of the table declares
// (an index entity's key may carry a value it does not store). On error
// it returns the offset in the template and the message.
func bindKey(e *Entity, t *Template, what string) (int, string) {
	for i := range t.Parts {
		p := &t.Parts[i]
		if p.Name == "" {
			continue
		}
		p.Prop = e.Property(p.Name)
		if p.Prop == nil {
			p.Prop = e.Table.Property(p.Name)
		}
		if p.Prop == nil {
			known := propNames(e.Properties)
			if len(known) == 0 {
				known = tablePropNames(e.Table)
			}
			return p.Offset, fmt.Sprintf("entity type %s: %s template: %s", e.Name, what,
				unknownProperty(p.Name, "table "+e.Table.Name, known))
		}
		if p.Builtin == Hash {
			continue
		}
		if err := CheckVerb(p.Prop.Type, p.Verb); err != nil {
			return p.Offset, fmt.Sprintf("entity type %s: %s template: %s: %v", e.Name, what, p.String(), err)
		}
	}
	return 0, ""
}

func propNames(ps []*Property) []string {
	out := make([]string, len(ps))
	for i, p := range ps {
		out[i] = p.Name
	}
	return out
}

func unknownProperty(name, where string, known []string) string {
	msg := fmt.Sprintf("%s declares no property %q", where, name)
	if s := didYouMean(name, known); s != "" {
		msg += fmt.Sprintf("; did you mean %q?", s)
	}
	return msg
}

var propertyFields = fieldNames(propertyFormat)

func (l *loader) property(e *Entity, pf field) (*Property, error) {
	p := &Property{Entity: e, Name: pf.key.Value, Node: pf.key}
	v, err := l.deref(pf.val)
	if err != nil {
		return nil, err
	}
	p.Value = v
	what := "property " + p.Name
	if v.Kind == yaml.ScalarNode && v.Tag != "!!null" {
		// Short form: just the EDM type.
		return p, l.edmType(p, v)
	}
	fs, err := l.mapping(v, what, propertyFields)
	if err != nil {
		return nil, err
	}
	var typ *yaml.Node
	var typicalLen, typicalBytes *yaml.Node
	for _, f := range fs {
		switch f.key.Value {
		case "type":
			typ = f.val
		case "maxLength":
			p.MaxLengthNode, p.MaxLength, err = l.integer(f.val, "maxLength")
		case "maxBytes":
			p.MaxBytesNode, p.MaxBytes, err = l.integer(f.val, "maxBytes")
		case "cardinality":
			_, p.Cardinality, err = l.integer(f.val, "cardinality")
		case "typicalLength":
			typicalLen, p.TypicalLength, err = l.integer(f.val, "typicalLength")
		case "typicalBytes":
			typicalBytes, p.TypicalBytes, err = l.integer(f.val, "typicalBytes")
		case "copyOf":
			var n *yaml.Node
			if n, _, err = l.scalar(f.val, "copyOf"); err == nil {
				l.refs = append(l.refs, entityRef{from: e, prop: p, node: n, field: "copyOf"})
			}
		}
		if err != nil {
			return nil, err
		}
	}
	if typ == nil {
		return nil, l.errAt(p.Node, "%s has no type: write {type: String, …} or the short form %s: String", what, p.Name)
	}
	tn, err := l.deref(typ)
	if err != nil {
		return nil, err
	}
	if err := l.edmType(p, tn); err != nil {
		return nil, err
	}
	check := func(n *yaml.Node, field string, ok bool, want string) error {
		if n != nil && !ok {
			return l.errAt(n, "%s: %s applies only to %s, and %s is %s", what, field, want, p.Name, article(p.Type))
		}
		return nil
	}
	isStr, isBin := p.Type == edm.String, p.Type == edm.Binary
	for _, c := range []error{
		check(p.MaxLengthNode, "maxLength (characters)", isStr, "String properties (use maxBytes for Binary)"),
		check(typicalLen, "typicalLength", isStr, "String properties"),
		check(p.MaxBytesNode, "maxBytes", isBin, "Binary properties (use maxLength, in characters, for String)"),
		check(typicalBytes, "typicalBytes", isBin, "Binary properties"),
	} {
		if c != nil {
			return nil, c
		}
	}
	if p.MaxLengthNode != nil && p.MaxLength == 0 {
		return nil, l.errAt(p.MaxLengthNode, "%s: maxLength must be at least 1", what)
	}
	if p.MaxBytesNode != nil && p.MaxBytes == 0 {
		return nil, l.errAt(p.MaxBytesNode, "%s: maxBytes must be at least 1", what)
	}
	return p, nil
}

var typeNames = func() []string {
	var out []string
	for _, t := range edm.Types {
		out = append(out, t.String())
	}
	return out
}()

func (l *loader) edmType(p *Property, n *yaml.Node) error {
	if n.Kind != yaml.ScalarNode || n.Tag == "!!null" {
		return l.errAt(n, "property %s: type must be an EDM type name (%s), not %s", p.Name, strings.Join(typeNames, ", "), kindName(n))
	}
	t, ok := edm.ParseType(n.Value)
	if !ok {
		msg := fmt.Sprintf("property %s: unknown EDM type %q", p.Name, truncate(n.Value, 40))
		if s := didYouMean(strings.TrimPrefix(n.Value, "Edm."), typeNames); s != "" {
			msg += fmt.Sprintf("; did you mean %q?", s)
		} else {
			msg += "; want one of " + strings.Join(typeNames, ", ")
		}
		return l.errAt(n, "%s", msg)
	}
	p.Type = t
	return nil
}

var queryFields = fieldNames(queryFormat)

// systemProperties are the properties every entity has.
var systemProperties = map[string]edm.Type{plan.PartitionKey: edm.String, plan.RowKey: edm.String, "Timestamp": edm.DateTime}

func (l *loader) query(t *Table, qf field) (*Query, error) {
	q := &Query{Table: t, Name: qf.key.Value, Node: qf.key, Params: map[*odata.Param]Resolved{}}
	what := "query " + q.Name
	fs, err := l.mapping(qf.val, what, queryFields)
	if err != nil {
		return nil, err
	}
	q.Value, _ = l.deref(qf.val)
	for _, f := range fs {
		switch f.key.Value {
		case "filter":
			q.FilterNode, _, err = l.scalar(f.val, what+" filter")
		case "rate":
			q.RateNode, q.Rate, err = l.rate(f.val, what+" rate")
		case "top":
			q.TopNode, q.Top, err = l.integer(f.val, "top")
			if err == nil && q.Top == 0 {
				err = l.errAt(q.TopNode, "top must be at least 1")
			}
		case "select":
			err = l.selectList(q, f.val)
		case "order":
			err = l.order(q, f.val)
		case "deletes":
			q.DeletesNode, _ = l.deref(f.val)
			q.Deletes, err = l.boolean(f.val, "deletes")
		case "countOnly":
			q.CountOnlyNode, _ = l.deref(f.val)
			q.CountOnly, err = l.boolean(f.val, "countOnly")
		case "then":
			if q.ThenNode, _, err = l.scalar(f.val, "then"); err == nil {
				l.thens = append(l.thens, q)
			}
		case "callers":
			err = l.callers(q, f.val)
		}
		if err != nil {
			return nil, err
		}
	}
	if q.FilterNode == nil {
		return nil, l.errAt(q.Node, "%s has no filter", what)
	}
	return q, l.filter(q)
}

func (l *loader) selectList(q *Query, n *yaml.Node) error {
	n, err := l.deref(n)
	if err != nil {
		return err
	}
	if n.Kind != yaml.SequenceNode {
		return l.errAt(n, "select must be a list of property names, not %s", kindName(n))
	}
	for _, e := range n.Content {
		en, s, err := l.scalar(e, "select entry")
		if err != nil {
			return err
		}
		if msg := selectable(q.Table, s); msg != "" {
			return l.errAt(en, "select: %s", msg)
		}
		q.Select = append(q.Select, s)
	}
	return nil
}

// callers reads a query's callers: a list of strings.
func (l *loader) callers(q *Query, n *yaml.Node) error {
	n, err := l.deref(n)
	if err != nil {
		return err
	}
	if n.Kind != yaml.SequenceNode {
		return l.errAt(n, "callers must be a list of places in the code, not %s", kindName(n))
	}
	for _, e := range n.Content {
		_, s, err := l.scalar(e, "callers entry")
		if err != nil {
			return err
		}
		q.Callers = append(q.Callers, s)
	}
	return nil
}

// selectable says why a query of t cannot select the property name, ""
// when it can.
func selectable(t *Table, name string) string {
	if _, sys := systemProperties[name]; !sys && t.Property(name) == nil {
		return unknownProperty(name, "table "+t.Name, tablePropNames(t))
	}
	return ""
}

// order reads a query's needed sort order: "Prop", "Prop asc" or
// "Prop desc".
func (l *loader) order(q *Query, n *yaml.Node) error {
	n, s, err := l.scalar(n, "order")
	if err != nil {
		return err
	}
	q.OrderNode = n
	f := strings.Fields(s)
	if len(f) == 2 {
		switch f[1] {
		case "asc":
		case "desc":
			q.OrderDesc = true
		default:
			return l.errAt(n, "order: %q must be asc or desc", f[1])
		}
	} else if len(f) != 1 {
		return l.errAt(n, "order must be a property name, optionally followed by asc or desc, such as \"Submitted desc\"")
	}
	q.Order = f[0]
	if _, sys := systemProperties[q.Order]; !sys && q.Table.Property(q.Order) == nil {
		return l.errAt(n, "order: %s", unknownProperty(q.Order, "table "+q.Table.Name, tablePropNames(q.Table)))
	}
	return nil
}

func tablePropNames(t *Table) []string {
	var out []string
	for _, e := range t.Entities {
		out = append(out, propNames(e.Properties)...)
	}
	return out
}

func (l *loader) filter(q *Query) error {
	n := q.FilterNode
	if off, msg := bindFilter(q, n.Value); msg != "" {
		if off < 0 {
			return l.errAt(n, "%s", msg)
		}
		return l.errIn(n, off, "%s", msg)
	}
	return nil
}

// bindFilter parses a query's filter and binds its properties and
// placeholders to the table's properties: it sets Filter, Plan and
// Params, or Unsupported. On error it returns the offset in the filter
// (-1: the whole filter) and the message.
func bindFilter(q *Query, text string) (int, string) {
	f, err := odata.ParseTemplate(text)
	if err != nil {
		var oe *odata.Error
		if !errors.As(err, &oe) {
			return -1, fmt.Sprintf("query %s: invalid filter: %v", q.Name, err)
		}
		if oe.Rule != "" {
			q.Unsupported = oe
			return 0, ""
		}
		return oe.Offset, fmt.Sprintf("query %s: invalid filter: %s", q.Name, oe.Msg)
	}
	q.Filter = f
	q.Plan = plan.Of(f)
	for _, c := range f.Comparisons() {
		if _, sys := systemProperties[c.Property]; sys {
			continue
		}
		if q.Table.Property(c.Property) == nil {
			return c.Offset, fmt.Sprintf("query %s: %s", q.Name, unknownProperty(c.Property, "table "+q.Table.Name, tablePropNames(q.Table)))
		}
	}
	for _, p := range f.Params() {
		r, msg := resolveParam(q, p)
		if msg != "" {
			return p.Offset, msg
		}
		q.Params[p] = r
	}
	return 0, ""
}

func resolveParam(q *Query, p *odata.Param) (Resolved, string) {
	if b, ok := LookupBuiltin(p.Name); ok {
		r := Resolved{Builtin: b}
		switch b {
		case Now:
			r.Type = edm.DateTime
			if p.Verb != "" && !layoutVaries(p.Verb) {
				return r, fmt.Sprintf("query %s: {now:%s}: the layout has no time fields", q.Name, p.Verb)
			}
		case InvTicks, Seq:
			r.Type = edm.Int64
		case UUID:
			r.Type = edm.Guid
		case Hash:
			r.Type = edm.Int32
			prop, _, _ := strings.Cut(p.Verb, ":")
			if r.Prop = q.Table.Property(prop); r.Prop == nil {
				return r, fmt.Sprintf("query %s: {hash:%s}: %s", q.Name, p.Verb, unknownProperty(prop, "table "+q.Table.Name, tablePropNames(q.Table)))
			}
		}
		return r, ""
	}
	prop := q.Table.Property(p.Name)
	if prop == nil {
		return Resolved{}, fmt.Sprintf("query %s: placeholder %s: %s", q.Name, p, unknownProperty(p.Name, "table "+q.Table.Name, tablePropNames(q.Table)))
	}
	if err := CheckVerb(prop.Type, p.Verb); err != nil {
		return Resolved{}, fmt.Sprintf("query %s: placeholder %s: %v", q.Name, p, err)
	}
	return Resolved{Prop: prop, Type: prop.Type}, ""
}

func (l *loader) transaction(t *Table, xf field) (*Transaction, error) {
	x := &Transaction{Table: t, Name: xf.key.Value, Node: xf.key}
	v, err := l.deref(xf.val)
	if err != nil {
		return nil, err
	}
	x.Value = v
	what := "transaction " + x.Name
	if v.Kind != yaml.SequenceNode || len(v.Content) == 0 {
		return nil, l.errAt(v, "%s must be a list of entity types, such as [Employee, EmployeeByEmail] or [{Employee: 50}], not %s", what, kindName(v))
	}
	names := make([]string, len(t.Entities))
	for i, e := range t.Entities {
		names[i] = e.Name
	}
	for _, item := range v.Content {
		item, err := l.deref(item)
		if err != nil {
			return nil, err
		}
		m := &Member{Count: 1, Node: item}
		nameNode := item
		if item.Kind == yaml.MappingNode {
			fs, err := l.mapping(item, what+" entry", nil)
			if err != nil {
				return nil, err
			}
			if len(fs) != 1 {
				return nil, l.errAt(item, "%s: an entry is an entity type name or {EntityType: count}", what)
			}
			nameNode = fs[0].key
			var cn *yaml.Node
			if cn, m.Count, err = l.integer(fs[0].val, "the number of entities"); err != nil {
				return nil, err
			}
			if m.Count == 0 {
				return nil, l.errAt(cn, "%s: the number of entities must be at least 1", what)
			}
		} else if item.Kind != yaml.ScalarNode || item.Tag == "!!null" {
			return nil, l.errAt(item, "%s: an entry is an entity type name or {EntityType: count}, not %s", what, kindName(item))
		}
		if tn, _, ok := strings.Cut(nameNode.Value, "."); ok && tn != t.Name && t.Entity(nameNode.Value) == nil {
			// Another table's entity type: allowed here, reported by
			// review (a transaction cannot span tables).
			m.Node = nameNode
			l.others = append(l.others, m)
			x.Members = append(x.Members, m)
			continue
		}
		if m.Entity = t.Entity(nameNode.Value); m.Entity == nil {
			msg := fmt.Sprintf("%s: table %s has no entity type %q", what, t.Name, nameNode.Value)
			if s := didYouMean(nameNode.Value, names); s != "" {
				msg += fmt.Sprintf("; did you mean %q?", s)
			}
			return nil, l.errAt(nameNode, "%s", msg)
		}
		x.Members = append(x.Members, m)
	}
	return x, nil
}

// didYouMean returns the candidate closest to s, if it is close enough to
// be a likely typo.
func didYouMean(s string, candidates []string) string { return suggest.Closest(s, candidates) }
