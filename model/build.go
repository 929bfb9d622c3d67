package model

import (
	"errors"
	"fmt"
	"math"
	"slices"

	"github.com/tablelint/tablelint/edm"
	"github.com/tablelint/tablelint/odata"
	"github.com/tablelint/tablelint/plan"
)

// New returns an empty design (version 1, target storage) to fill with
// AddTable and the Add methods of its tables, for tools that write
// designs (tablelint extract). Each Add method checks what it adds as
// Parse checks what it reads, and adds nothing when the check fails, so
// a design built this way always encodes (Encode) to a file that Parse
// reads back as the same design. Entries built this way have no YAML
// nodes.
func New() *Design { return &Design{Version: 1} }

// AddTable adds a table with no entity types, queries or transactions.
func (d *Design) AddTable(name string) (*Table, error) {
	if err := checkText(name); err != nil {
		return nil, fmt.Errorf("table %q: %v", truncate(name, 40), err)
	}
	if slices.ContainsFunc(d.Tables, func(t *Table) bool { return t.Name == name }) {
		return nil, fmt.Errorf("the design already has a table %q", name)
	}
	t := &Table{Name: name}
	d.Tables = append(d.Tables, t)
	return t, nil
}

// AddEntity adds an entity type with the given key templates and
// properties (their Name, Type and sizes; Entity is set). A key
// template's placeholders name the entity type's own properties or ones
// that an entity type added before declares.
func (t *Table) AddEntity(name, partitionKey, rowKey string, props []*Property) (*Entity, error) {
	if err := checkText(name); err != nil {
		return nil, fmt.Errorf("entity type %q: %v", truncate(name, 40), err)
	}
	if t.Entity(name) != nil {
		return nil, fmt.Errorf("table %s already has an entity type %q", t.Name, name)
	}
	e := &Entity{Table: t, Name: name}
	for _, p := range props {
		if err := checkProperty(e, p); err != nil {
			return nil, err
		}
		p.Entity = e
		e.Properties = append(e.Properties, p)
	}
	for _, k := range []struct {
		text string
		dst  **Template
		what string
	}{{partitionKey, &e.PartitionKey, "partitionKey"}, {rowKey, &e.RowKey, "rowKey"}} {
		parts, err := ParseTemplate(k.text)
		if err != nil {
			return nil, fmt.Errorf("entity type %s: %s template %q: %v", name, k.what, truncate(k.text, 60), err)
		}
		if err := checkText(k.text); err != nil {
			return nil, fmt.Errorf("entity type %s: %s template: %v", name, k.what, err)
		}
		*k.dst = &Template{Text: k.text, Parts: parts}
	}
	// Bound as the loader binds: against the table with e in it.
	t.Entities = append(t.Entities, e)
	for _, k := range []struct {
		tmpl *Template
		what string
	}{{e.PartitionKey, "partitionKey"}, {e.RowKey, "rowKey"}} {
		if _, msg := bindKey(e, k.tmpl, k.what); msg != "" {
			t.Entities = t.Entities[:len(t.Entities)-1]
			return nil, errors.New(msg)
		}
	}
	return e, nil
}

// checkProperty checks a property as the loader checks what it reads.
func checkProperty(e *Entity, p *Property) error {
	what := "entity type " + e.Name + ": property " + p.Name
	if err := checkText(p.Name); err != nil {
		return fmt.Errorf("%s: %v", what, err)
	}
	if e.Property(p.Name) != nil {
		return fmt.Errorf("%s: declared twice", what)
	}
	if !slices.Contains(edm.Types, p.Type) {
		return fmt.Errorf("%s: no EDM type", what)
	}
	for _, b := range []struct {
		field string
		v     int64
		ok    bool
		limit int64
	}{
		{"maxLength", p.MaxLength, p.Type == edm.String, MaxLengthBound},
		{"typicalLength", p.TypicalLength, p.Type == edm.String, MaxLengthBound},
		{"maxBytes", p.MaxBytes, p.Type == edm.Binary, MaxLengthBound},
		{"typicalBytes", p.TypicalBytes, p.Type == edm.Binary, MaxLengthBound},
		{"cardinality", p.Cardinality, true, MaxCount},
	} {
		switch {
		case b.v == 0:
		case !b.ok:
			return fmt.Errorf("%s: %s does not apply to %s", what, b.field, article(p.Type))
		case b.v < 0 || b.v > b.limit:
			return fmt.Errorf("%s: %s %d is out of bounds (1 to %d)", what, b.field, b.v, b.limit)
		}
	}
	if p.CopyOf != nil {
		return fmt.Errorf("%s: copyOf is not supported by AddEntity", what)
	}
	return nil
}

// AddQuery adds a query with the given filter. q gives the rest: its
// Name, Top, Select, Rate and Callers (Then is not supported); Table,
// Filter, Plan, Params and Unsupported are set.
func (t *Table) AddQuery(q *Query, filter string) (*Query, error) {
	if err := checkText(q.Name); err != nil {
		return nil, fmt.Errorf("query %q: %v", truncate(q.Name, 40), err)
	}
	if slices.ContainsFunc(t.Queries, func(o *Query) bool { return o.Name == q.Name }) {
		return nil, fmt.Errorf("table %s already has a query %q", t.Name, q.Name)
	}
	if err := checkText(filter); err != nil {
		return nil, fmt.Errorf("query %s: filter: %v", q.Name, err)
	}
	for _, s := range append(slices.Clone(q.Select), q.Callers...) {
		if err := checkText(s); err != nil {
			return nil, fmt.Errorf("query %s: %q: %v", q.Name, truncate(s, 40), err)
		}
	}
	switch {
	case q.Then != nil:
		return nil, fmt.Errorf("query %s: then is not supported by AddQuery", q.Name)
	case q.Top < 0 || q.Top > MaxLengthBound:
		return nil, fmt.Errorf("query %s: top %d is out of bounds (1 to %d)", q.Name, q.Top, MaxLengthBound)
	case q.Rate < 0 || q.Rate > MaxRate || math.IsNaN(float64(q.Rate)):
		return nil, fmt.Errorf("query %s: rate %v is out of bounds", q.Name, float64(q.Rate))
	}
	q.Table, q.filterText, q.Params = t, filter, map[*odata.Param]Resolved{}
	q.Filter, q.Plan, q.Unsupported = nil, plan.Plan{}, nil
	for _, s := range q.Select {
		if msg := selectable(t, s); msg != "" {
			return nil, fmt.Errorf("query %s: select: %s", q.Name, msg)
		}
	}
	if q.Order != "" {
		return nil, fmt.Errorf("query %s: order is not supported by AddQuery", q.Name)
	}
	if _, msg := bindFilter(q, filter); msg != "" {
		return nil, errors.New(msg)
	}
	t.Queries = append(t.Queries, q)
	return q, nil
}

// AddTransaction adds a transaction group of entity types of the table,
// each with the number of entities of it the group writes (at least 1).
func (t *Table) AddTransaction(name string, members []*Member) (*Transaction, error) {
	if err := checkText(name); err != nil {
		return nil, fmt.Errorf("transaction %q: %v", truncate(name, 40), err)
	}
	if slices.ContainsFunc(t.Transactions, func(o *Transaction) bool { return o.Name == name }) {
		return nil, fmt.Errorf("table %s already has a transaction group %q", t.Name, name)
	}
	if len(members) == 0 {
		return nil, fmt.Errorf("transaction %s has no members", name)
	}
	for _, m := range members {
		if m.Entity == nil || m.Entity.Table != t || t.Entity(m.Entity.Name) != m.Entity {
			return nil, fmt.Errorf("transaction %s: a member is not an entity type of table %s", name, t.Name)
		}
		if m.Count < 1 || m.Count > MaxMembers {
			return nil, fmt.Errorf("transaction %s: %d entities of %s is out of bounds (1 to %d)", name, m.Count, m.Entity.Name, MaxMembers)
		}
	}
	x := &Transaction{Table: t, Name: name, Members: members}
	t.Transactions = append(t.Transactions, x)
	return x, nil
}
