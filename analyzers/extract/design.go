package extract

import (
	"fmt"
	"go/token"
	"io"
	"path"
	"slices"
	"strings"
	"unicode"

	"github.com/tablelint/tablelint/edm"
	"github.com/tablelint/tablelint/model"
	"github.com/tablelint/tablelint/odata"
)

// Design is a design file built from the results of every package.
type Design struct {
	Tables []*DTable
	// Dropped are what could not be written as valid design entries
	// (with why), written as comments.
	Dropped []string
}

// DTable is a table of the extracted design.
type DTable struct {
	Name string
	// Unknown is set when the code does not give the table's name; Hint
	// says where its client comes from.
	Unknown      bool
	Hint         string
	Entities     []*DEntity
	Queries      []*DQuery
	Transactions []*DTransaction
	ref          string
}

// DEntity is an entity type of the extracted design.
type DEntity struct {
	Name                 string
	PartitionKey, RowKey string
	// NoKey names the keys whose value was not found ("partitionKey").
	NoKey []string
	Props []Prop
	// FromQueries marks the stand-in entity type of a table the code
	// only reads.
	FromQueries bool
	Where       []string // "file.go:12 (UpsertEntity)"
	Sources     []*Entity
}

// DQuery is a query of the extracted design: one place the code runs
// it.
type DQuery struct {
	Name   string
	Filter string
	Top    int64
	Select []string
	Where  string
	// Callers are the calls of wrappers that run this query
	// ("api/handler.go:31 (Handler.List)").
	Callers []string
	Source  *Query
}

// DTransaction is a transaction group of the extracted design.
type DTransaction struct {
	Name    string
	Members []string
	Counts  []int
	Where   string
}

// Build merges the packages' results into one design. where renders a
// position (the At of an entity, query or transaction) for comments
// ("store/store.go:42").
func Build(results []*Result, where func(token.Position) string) *Design {
	d := &Design{}
	tables := map[string]*DTable{}
	// Table names are case-insensitive: "deployments" and "Deployments"
	// are one table, named as the code first names it.
	refKey := func(r TableRef) string {
		switch {
		case r.Name != "":
			return "name:" + strings.ToLower(r.Name)
		case r.Key != "":
			return "key:" + r.Key
		}
		return ""
	}
	hints := map[string]string{}
	names := map[string]string{}
	var order []string
	note := func(r TableRef) {
		k := refKey(r)
		if k == "" {
			return
		}
		if _, ok := hints[k]; !ok {
			hints[k], names[k] = r.Hint, r.Name
			order = append(order, k)
		}
	}
	for _, res := range results {
		for _, t := range res.Tables {
			note(t)
		}
		for _, e := range res.Entities {
			note(e.Table)
		}
		for _, q := range res.Queries {
			note(q.Table)
		}
	}
	// With a single table, what is written or read through helpers
	// (whose client is not known) is that table's.
	fallback := ""
	strong := slices.DeleteFunc(slices.Clone(order), func(k string) bool { return strings.HasPrefix(k, "key:"+PackageKey) })
	if len(strong) == 1 {
		fallback = strong[0]
	}
	used := map[string]bool{}
	table := func(r TableRef) *DTable {
		k := refKey(r)
		if fallback != "" && (k == "" || strings.HasPrefix(k, "key:"+PackageKey)) {
			k = fallback
		}
		if t := tables[k]; t != nil {
			return t
		}
		t := &DTable{ref: k}
		switch {
		case strings.HasPrefix(k, "name:"):
			t.Name = names[k]
			if t.Name == "" {
				t.Name = r.Name
			}
		case strings.HasPrefix(k, "key:env:"):
			t.Unknown, t.Hint = true, hints[k]
			t.Name = tableName(strings.ToLower(strings.TrimPrefix(k, "key:env:")))
		case strings.HasPrefix(k, "key:"+PackageKey):
			t.Unknown, t.Hint = true, hints[k]
			t.Name = tableName(path.Base(strings.TrimPrefix(k, "key:"+PackageKey)))
		default:
			t.Unknown, t.Hint = true, hints[k]
			t.Name = tableName(hints[k])
		}
		for base, i := t.Name, 2; used[strings.ToLower(t.Name)]; i++ {
			t.Name = fmt.Sprintf("%s%d", base, i)
		}
		used[strings.ToLower(t.Name)] = true
		tables[k] = t
		d.Tables = append(d.Tables, t)
		return t
	}
	for _, k := range order {
		if strings.HasPrefix(k, "name:") {
			table(TableRef{Name: names[k]})
		}
	}
	for _, res := range results {
		members := map[*Entity]*DEntity{}
		for _, e := range res.Entities {
			t := table(e.Table)
			members[e] = t.addEntity(e, where)
		}
		for _, x := range res.Transactions {
			t := table(x.Table)
			dx := &DTransaction{Name: uniqueName(x.Name, func(n string) bool {
				return slices.ContainsFunc(t.Transactions, func(o *DTransaction) bool { return o.Name == n })
			}), Where: where(x.At)}
			for _, m := range x.Members {
				de := members[m]
				if de == nil {
					continue
				}
				if i := slices.Index(dx.Members, de.Name); i >= 0 {
					dx.Counts[i]++
					continue
				}
				dx.Members = append(dx.Members, de.Name)
				dx.Counts = append(dx.Counts, 1)
			}
			if len(dx.Members) > 0 {
				t.Transactions = append(t.Transactions, dx)
			}
		}
	}
	// One query per place the code runs it: a query made through a
	// wrapper (at each level of wrappers) is a caller of the query the
	// wrapper runs when it has its shape. Queries keep the code's order.
	place := func(q *Query) string { return q.RunsAt + "\x00" + Shape(q.Filter) }
	direct := map[string]bool{}
	for _, res := range results {
		for _, q := range res.Queries {
			if q.Via == "" && q.RunsAt != "" {
				direct[place(q)] = true
			}
		}
	}
	runs := map[string]*DQuery{}
	pending := map[string][]string{} // callers met before their query
	for _, res := range results {
		for _, q := range res.Queries {
			k := place(q)
			if q.Via != "" && q.RunsAt != "" && (direct[k] || runs[k] != nil) {
				c := fmt.Sprintf("%s (%s)", where(q.At), q.Name)
				if dq := runs[k]; dq != nil {
					dq.Callers = append(dq.Callers, c)
				} else {
					pending[k] = append(pending[k], c)
				}
				continue
			}
			dq := table(q.Table).addQuery(q, where)
			if q.RunsAt != "" && dq != nil && runs[k] == nil {
				runs[k] = dq
				dq.Callers = append(dq.Callers, pending[k]...)
				delete(pending, k)
			}
		}
	}
	for _, t := range d.Tables {
		t.unify()
		t.complete()
	}
	return d
}

// tableName makes a valid table name from a Go name ("Store.tbl" →
// "StoreTbl").
func tableName(hint string) string {
	var b strings.Builder
	up := true
	for _, r := range hint {
		if r > unicode.MaxASCII || !(unicode.IsLetter(r) || unicode.IsDigit(r)) {
			up = true
			continue
		}
		if b.Len() == 0 && unicode.IsDigit(r) {
			continue
		}
		if up {
			r = unicode.ToUpper(r)
			up = false
		}
		b.WriteRune(r)
	}
	s := b.String()
	if len(s) < 3 {
		s = "Table" + s
	}
	if len(s) > 63 {
		s = s[:63]
	}
	return s
}

func uniqueName(base string, taken func(string) bool) string {
	name := base
	for i := 2; taken(name); i++ {
		name = fmt.Sprintf("%s%d", base, i)
	}
	return name
}

func keyText(k *Key) string {
	if k == nil {
		return ""
	}
	return k.Template
}

// addEntity merges a write into the table's entity types: writes of one
// Go type with the same key templates are one entity type.
func (t *DTable) addEntity(e *Entity, where func(token.Position) string) *DEntity {
	pk, rk := keyText(e.PartitionKey), keyText(e.RowKey)
	var de *DEntity
	for _, o := range t.Entities {
		if o.Sources[0].Name != e.Name {
			continue
		}
		opk, ork := keyText(o.Sources[0].PartitionKey), keyText(o.Sources[0].RowKey)
		if (opk == pk || pk == "" || opk == "") && (ork == rk || rk == "" || ork == "") {
			de = o
			break
		}
	}
	if de == nil {
		de = &DEntity{Name: uniqueName(e.Name, func(n string) bool {
			return slices.ContainsFunc(t.Entities, func(o *DEntity) bool { return o.Name == n })
		})}
		t.Entities = append(t.Entities, de)
	}
	de.Sources = append(de.Sources, e)
	if de.PartitionKey == "" {
		de.PartitionKey = pk
	}
	if de.RowKey == "" {
		de.RowKey = rk
	}
	for _, p := range e.Props {
		if i := slices.IndexFunc(de.Props, func(o Prop) bool { return o.Name == p.Name }); i >= 0 {
			if de.Props[i].Type == edm.Invalid {
				de.Props[i].Type = p.Type
			}
			de.Props[i].KeyOnly = de.Props[i].KeyOnly && p.KeyOnly
			de.Props[i].Merge(p)
			continue
		}
		de.Props = append(de.Props, p)
	}
	de.Where = append(de.Where, fmt.Sprintf("%s (%s)", where(e.At), e.Method))
	return de
}

func (t *DTable) addQuery(q *Query, where func(token.Position) string) *DQuery {
	name := q.Name
	if i := strings.LastIndexByte(name, '.'); i >= 0 {
		short := name[i+1:]
		if !slices.ContainsFunc(t.Queries, func(o *DQuery) bool { return o.Name == short }) {
			name = short
		} else {
			name = strings.ReplaceAll(name, ".", "")
		}
	}
	for _, o := range t.Queries {
		if o.Filter == q.Filter && o.Top == q.Top && slices.Equal(o.Select, q.Select) && o.Source.Name == q.Name {
			return o // the same query found twice (a test variant)
		}
	}
	name = uniqueName(name, func(n string) bool {
		return slices.ContainsFunc(t.Queries, func(o *DQuery) bool { return o.Name == n })
	})
	dq := &DQuery{Name: name, Filter: q.Filter, Top: q.Top, Select: q.Select, Where: where(q.At), Source: q}
	t.Queries = append(t.Queries, dq)
	// The properties the filter names must be declared.
	t.declare(q.Params)
	return dq
}

// declare adds the properties a query compares or names to the table's
// first entity type when no entity type declares them.
func (t *DTable) declare(params []Prop) {
	for _, p := range params {
		if t.property(p.Name) != nil {
			continue
		}
		if len(t.Entities) == 0 {
			t.Entities = append(t.Entities, &DEntity{Name: "Entity", FromQueries: true,
				PartitionKey: "{Partition}", RowKey: "{Row}",
				Props: []Prop{{Name: "Partition", Type: edm.String, KeyOnly: true}, {Name: "Row", Type: edm.String, KeyOnly: true}}})
			if t.property(p.Name) != nil {
				continue // the stand-in declares it
			}
		}
		if p.Type == edm.Invalid {
			p.Type = edm.String
		}
		p.KeyOnly = true
		e := t.Entities[0]
		e.Props = append(e.Props, p)
	}
}

func (t *DTable) property(name string) *Prop {
	for _, e := range t.Entities {
		for i := range e.Props {
			if e.Props[i].Name == name {
				return &e.Props[i]
			}
		}
	}
	return nil
}

// complete fills what a design needs and the code does not give: a key
// whose value was not found, a property's unknown type.
func (t *DTable) complete() {
	for _, e := range t.Entities {
		if e.PartitionKey == "" {
			e.PartitionKey, e.NoKey = "{Partition}", append(e.NoKey, "partitionKey")
			e.Props = append(e.Props, Prop{Name: "Partition", Type: edm.String, KeyOnly: true})
		}
		if e.RowKey == "" {
			e.RowKey, e.NoKey = "{Row}", append(e.NoKey, "rowKey")
			e.Props = append(e.Props, Prop{Name: "Row", Type: edm.String, KeyOnly: true})
		}
		for i := range e.Props {
			if e.Props[i].Type == edm.Invalid {
				e.Props[i].Type = edm.String
			}
		}
	}
}

// Encode writes the design file: header (lines of text) as the first
// comment, then the model design (Model) with its notes.
func (d *Design) Encode(w io.Writer, header string) error {
	md, notes := d.Model(header)
	return model.Encode(w, md, notes)
}

// Model builds the design file's content: every table, entity type,
// query and transaction group that makes a valid entry of a design
// (model's Add methods check each as the loader checks what it reads),
// and the comments that go with them: where each was found, and what the
// code does not tell. What cannot be an entry (a placeholder whose verb
// does not suit the type the code gives, say) is left out and listed in
// d.Dropped with why; the comments at the top say so.
func (d *Design) Model(header string) (*model.Design, *model.Notes) {
	md := model.New()
	notes := &model.Notes{Head: map[model.Note]string{}, Line: map[model.Note]string{}}
	for _, t := range d.Tables {
		d.addTable(md, notes, t)
	}
	head := append(strings.Split(strings.TrimSpace(header), "\n"),
		"What the code cannot tell is left out, so `tablelint review` reports it as",
		"unknown: each entity type's count and writes, each query's rate, and the",
		`maxLength of String properties. Fill them in where "?" is commented.`)
	notes.Head[model.Note{}] = strings.Join(head, "\n")
	var dropped []string
	for _, s := range d.Dropped {
		dropped = append(dropped, "not extracted: "+oneLine(s))
	}
	notes.Head[model.Note{Field: "tables"}] = strings.Join(dropped, "\n")
	return md, notes
}

func (d *Design) addTable(md *model.Design, notes *model.Notes, t *DTable) {
	mt, err := md.AddTable(t.Name)
	if err != nil {
		d.Dropped = append(d.Dropped, "table "+t.Name+": "+err.Error())
		return
	}
	if t.Unknown {
		if strings.HasPrefix(t.ref, "key:env:") {
			notes.Head[model.Note{Of: mt}] = fmt.Sprintf("The code does not give this table's name: it is %s. Rename it.", oneLine(t.Hint))
		} else {
			notes.Head[model.Note{Of: mt}] = fmt.Sprintf("The code does not give this table's name: its client is %s. Rename it.", oneLine(t.Hint))
		}
	}
	// A key template may name a value another entity type of the table
	// stores: entity types are added when what their keys name is there,
	// in the code's order otherwise.
	added := map[*DEntity]*model.Entity{}
	pending := slices.Clone(t.Entities)
	why := map[*DEntity]string{}
	for progress := true; progress && len(pending) > 0; {
		progress = false
		pending = slices.DeleteFunc(pending, func(e *DEntity) bool {
			me, err := mt.AddEntity(e.Name, e.PartitionKey, e.RowKey, e.modelProps())
			if err != nil {
				why[e] = err.Error()
				return false
			}
			added[e], progress = me, true
			e.notes(notes, me)
			return true
		})
	}
	for _, e := range pending {
		d.Dropped = append(d.Dropped, "entity type "+t.Name+"."+e.Name+": "+why[e])
	}
	for _, q := range t.Queries {
		mq, err := mt.AddQuery(&model.Query{Name: q.Name, Top: q.Top, Select: q.Select, Callers: q.Callers}, q.Filter)
		if err != nil {
			d.Dropped = append(d.Dropped, "query "+t.Name+"."+q.Name+" ("+q.Where+"): "+err.Error())
			continue
		}
		notes.Line[model.Note{Of: mq}] = q.Where
		notes.Head[model.Note{Of: mq, Field: "rate"}] = "rate: ?   how often it runs (10/s, 5/min)"
	}
	for _, x := range t.Transactions {
		var ms []*model.Member
		for i, m := range x.Members {
			me := mt.Entity(m)
			if me == nil {
				ms = nil
				break
			}
			ms = append(ms, &model.Member{Entity: me, Count: int64(x.Counts[i])})
		}
		if ms == nil {
			continue // a member was left out
		}
		mx, err := mt.AddTransaction(x.Name, ms)
		if err != nil {
			d.Dropped = append(d.Dropped, "transaction group "+t.Name+"."+x.Name+": "+err.Error())
			continue
		}
		notes.Line[model.Note{Of: mx}] = x.Where
	}
}

// modelProps are the entity type's properties as the design declares
// them.
func (e *DEntity) modelProps() []*model.Property {
	var out []*model.Property
	for _, p := range e.Props {
		mp := &model.Property{Name: p.Name, Type: p.Type}
		if p.Type == edm.String && p.MaxLength > 0 {
			mp.MaxLength = int64(p.MaxLength)
		}
		out = append(out, mp)
	}
	return out
}

// notes are the comments on an entity type: where it is written, what
// the code does not give.
func (e *DEntity) notes(notes *model.Notes, me *model.Entity) {
	switch {
	case e.FromQueries:
		notes.Head[model.Note{Of: me}] = "No write of this table was found: a stand-in entity type declaring\nwhat the queries compare."
	case len(e.Where) > 0:
		w := e.Where
		more := ""
		if len(w) > 3 {
			w, more = w[:3], fmt.Sprintf(", and %d more", len(e.Where)-3)
		}
		notes.Head[model.Note{Of: me}] = "written at " + oneLine(strings.Join(w, ", ")) + more
	}
	var nokey []string
	for _, k := range e.NoKey {
		nokey = append(nokey, k+": its value was not found in the code")
	}
	notes.Head[model.Note{Of: me, Field: "partitionKey"}] = strings.Join(nokey, "\n")
	notes.Head[model.Note{Of: me, Field: "count"}] = "count: ?   how many entities of this type exist"
	notes.Head[model.Note{Of: me, Field: "writes"}] = "writes: ?  inserts and updates a second over all partitions (10/s)"
	for i, p := range e.Props {
		var c []string
		if p.KeyOnly {
			c = append(c, "in the keys or queries only: not stored")
		}
		if p.Type == edm.String && p.MaxLength > 0 {
			if p.MaxRunes > 0 {
				c = append(c, fmt.Sprintf("at most %d runes in the code: %d UTF-16 code units", p.MaxRunes, p.MaxLength))
			} else {
				c = append(c, "bounded in the code")
			}
		}
		if len(c) > 0 {
			notes.Line[model.Note{Of: me.Properties[i]}] = strings.Join(c, "; ")
		}
	}
}

func oneLine(s string) string {
	return strings.Map(func(r rune) rune {
		if r == '\n' || r == '\r' || unicode.IsControl(r) {
			return ' '
		}
		return r
	}, s)
}

func (e *DEntity) prop(name string) *Prop {
	for i := range e.Props {
		if e.Props[i].Name == name {
			return &e.Props[i]
		}
	}
	return nil
}

func (e *DEntity) typeOf(name string) edm.Type {
	if p := e.prop(name); p != nil {
		return p.Type
	}
	return edm.Invalid
}

func (t *DTable) typeOf(name string) edm.Type {
	if p := t.property(name); p != nil {
		return p.Type
	}
	return edm.Invalid
}

// renderParts writes key parts back as a template.
func renderParts(ps []KeyPart) string {
	var b strings.Builder
	for _, p := range ps {
		if p.Hole {
			b.WriteString(p.Name)
		} else {
			b.WriteString(escapeText(p.Text))
		}
	}
	return b.String()
}

// unify names the values the code does not store after what the table's
// other key templates call them: an index entity's PartitionKey built
// from the same dept variable as the Employee's {Department} becomes
// {Department}, and so does a query's PartitionKey eq '{Dept}'. Values
// then no longer named are dropped.
func (t *DTable) unify() {
	for i, e := range t.Entities {
		for k, key := range []*string{&e.PartitionKey, &e.RowKey} {
			parts, ok := KeyParts(*key, e.typeOf)
			if !ok {
				continue
			}
			for _, o := range t.Entities[:i] {
				other := []string{o.PartitionKey, o.RowKey}[k]
				oparts, ok := KeyParts(other, o.typeOf)
				if !ok || Contradiction(parts, oparts) != "" {
					continue
				}
				changed := false
				for j := range parts {
					p := parts[j]
					if p.Hole && p.Prop != "" && e.prop(p.Prop) != nil && e.prop(p.Prop).KeyOnly && oparts[j].Prop != "" && o.prop(oparts[j].Prop) != nil && !o.prop(oparts[j].Prop).KeyOnly {
						parts[j] = oparts[j]
						changed = true
					}
				}
				if changed {
					*key = renderParts(parts)
					break
				}
			}
		}
	}
	for _, q := range t.Queries {
		q.Filter = t.unifyFilter(q.Filter)
	}
	t.prune()
}

func (t *DTable) unifyFilter(filter string) string {
	f, err := odata.ParseTemplate(filter)
	if err != nil {
		return filter
	}
	type edit struct {
		from, to int
		text     string
	}
	var edits []edit
	for _, c := range f.Comparisons() {
		if (c.Property != "PartitionKey" && c.Property != "RowKey") || !c.Value.IsParam() {
			continue
		}
		var b strings.Builder
		for _, p := range c.Value.Parts {
			if p.Param == nil {
				b.WriteString(escapeText(p.Text))
			} else {
				b.WriteString(p.Param.String())
			}
		}
		parts, ok := KeyParts(b.String(), t.typeOf)
		if !ok {
			continue
		}
		for _, e := range t.Entities {
			tmpl := e.PartitionKey
			if c.Property == "RowKey" {
				tmpl = e.RowKey
			}
			oparts, ok := KeyParts(tmpl, e.typeOf)
			if !ok || Contradiction(parts, oparts) != "" {
				continue
			}
			var holes []int
			for j := range parts {
				if parts[j].Hole {
					holes = append(holes, j)
				}
			}
			k := 0
			for _, p := range c.Value.Parts {
				if p.Param == nil {
					continue
				}
				if k >= len(holes) {
					break
				}
				j := holes[k]
				k++
				own := t.property(p.Param.Name)
				target := oparts[j]
				if own == nil || !own.KeyOnly || (target.Prop != "" && e.prop(target.Prop) != nil && e.prop(target.Prop).KeyOnly) {
					continue
				}
				if target.Prop == "" && target.Kind != parts[j].Kind {
					continue // a built-in only for a value of its kind
				}
				end := strings.IndexByte(filter[p.Param.Offset:], '}')
				if end < 0 {
					continue
				}
				edits = append(edits, edit{p.Param.Offset, p.Param.Offset + end + 1, target.Name})
			}
			break
		}
	}
	for i := len(edits) - 1; i >= 0; i-- {
		ed := edits[i]
		filter = filter[:ed.from] + ed.text + filter[ed.to:]
	}
	return filter
}

// prune drops the values not stored that no template or filter names.
func (t *DTable) prune() {
	used := map[string]bool{}
	for _, e := range t.Entities {
		for _, key := range []string{e.PartitionKey, e.RowKey} {
			parts, _ := model.ParseTemplate(key)
			for _, p := range parts {
				used[p.Name] = true
			}
		}
	}
	for _, q := range t.Queries {
		for _, s := range q.Select {
			used[s] = true
		}
		f, err := odata.ParseTemplate(q.Filter)
		if err != nil {
			continue
		}
		for _, c := range f.Comparisons() {
			used[c.Property] = true
		}
		for _, p := range f.Params() {
			used[p.Name] = true
			if b, _, ok := strings.Cut(p.Verb, ":"); p.Name == "hash" && ok {
				used[b] = true
			}
		}
	}
	stored := map[string]edm.Type{}
	for _, e := range t.Entities {
		for _, p := range e.Props {
			if !p.KeyOnly {
				stored[p.Name] = p.Type
			}
		}
	}
	for _, e := range t.Entities {
		e.Props = slices.DeleteFunc(e.Props, func(p Prop) bool {
			if !p.KeyOnly {
				return false
			}
			if st, ok := stored[p.Name]; ok && st == p.Type {
				return true // another entity type of the table stores it
			}
			return !used[p.Name]
		})
	}
}
