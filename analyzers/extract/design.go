package extract

import (
	"bytes"
	"encoding/json"
	"fmt"
	"go/token"
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
	dropped     bool
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
	refKey := func(r TableRef) string {
		switch {
		case r.Name != "":
			return "name:" + r.Name
		case r.Key != "":
			return "key:" + r.Key
		}
		return ""
	}
	hints := map[string]string{}
	var order []string
	note := func(r TableRef) {
		k := refKey(r)
		if k == "" {
			return
		}
		if _, ok := hints[k]; !ok {
			hints[k] = r.Hint
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
			t.Name = strings.TrimPrefix(k, "name:")
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
			table(TableRef{Name: strings.TrimPrefix(k, "name:")})
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

// quote writes s as a YAML double-quoted scalar.
func quote(s string) string {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	_ = enc.Encode(s)
	return strings.TrimSuffix(b.String(), "\n")
}

// span is the lines an entry of the design file takes, and how to drop
// it.
type span struct {
	from, to int // 1-based, inclusive
	what     string
	drop     func()
}

// Valid renders the design and loads it with parse; an entry the loader
// rejects (a placeholder whose verb does not suit the type the code
// gives, say) is dropped, with the loader's message as a comment, until
// the design loads. It returns the design file's text.
func (d *Design) Valid(header string, parse func(src []byte) (line int, err error)) (string, error) {
	for range 1000 {
		text, spans := d.render(header)
		line, err := parse([]byte(text))
		if err == nil {
			return text, nil
		}
		i := slices.IndexFunc(spans, func(s span) bool { return s.from <= line && line <= s.to })
		if i < 0 {
			return text, err
		}
		spans[i].drop()
		d.Dropped = append(d.Dropped, spans[i].what+": "+err.Error())
	}
	return "", fmt.Errorf("the extracted design does not load")
}

func (d *Design) render(header string) (string, []span) {
	var b strings.Builder
	var spans []span
	counted, lines := 0, 1
	line := func() int {
		s := b.String()
		lines += strings.Count(s[counted:], "\n")
		counted = len(s)
		return lines
	}
	for _, l := range strings.Split(strings.TrimSpace(header), "\n") {
		fmt.Fprintf(&b, "# %s\n", l)
	}
	b.WriteString("# What the code cannot tell is left out, so `tablelint review` reports it as\n")
	b.WriteString("# unknown: each entity type's count and writes, each query's rate, and the\n")
	b.WriteString("# maxLength of String properties. Fill them in where \"?\" is commented.\n")
	b.WriteString("version: 1\n")
	for _, s := range d.Dropped {
		fmt.Fprintf(&b, "# not extracted: %s\n", oneLine(s))
	}
	if len(d.Tables) == 0 {
		b.WriteString("tables: {}\n")
		return b.String(), spans
	}
	b.WriteString("tables:\n")
	for _, t := range d.Tables {
		if t.Unknown {
			if strings.HasPrefix(t.ref, "key:env:") {
				fmt.Fprintf(&b, "  # The code does not give this table's name: it is %s. Rename it.\n", oneLine(t.Hint))
			} else {
				fmt.Fprintf(&b, "  # The code does not give this table's name: its client is %s. Rename it.\n", oneLine(t.Hint))
			}
		}
		fmt.Fprintf(&b, "  %s:\n", quote(t.Name))
		live := slices.DeleteFunc(slices.Clone(t.Entities), func(e *DEntity) bool { return e.dropped })
		if len(live) == 0 {
			b.WriteString("    entities: {}\n")
		} else {
			b.WriteString("    entities:\n")
		}
		for _, e := range live {
			from := line()
			d.writeEntity(&b, e)
			spans = append(spans, span{from, line() - 1, "entity type " + t.Name + "." + e.Name, func() { e.dropped = true }})
		}
		if len(t.Queries) > 0 {
			b.WriteString("    queries:\n")
		}
		for _, q := range t.Queries {
			from := line()
			fmt.Fprintf(&b, "      %s: # %s\n", quote(q.Name), oneLine(q.Where))
			for _, c := range q.Callers {
				fmt.Fprintf(&b, "        # called from %s\n", oneLine(c))
			}
			fmt.Fprintf(&b, "        filter: %s\n", quote(q.Filter))
			if q.Top > 0 {
				fmt.Fprintf(&b, "        top: %d\n", q.Top)
			}
			if len(q.Select) > 0 {
				var qs []string
				for _, s := range q.Select {
					qs = append(qs, quote(s))
				}
				fmt.Fprintf(&b, "        select: [%s]\n", strings.Join(qs, ", "))
			}
			b.WriteString("        # rate: ?   how often it runs (10/s, 5/min)\n")
			spans = append(spans, span{from, line() - 1, "query " + t.Name + "." + q.Name + " (" + q.Where + ")", func() {
				t.Queries = slices.DeleteFunc(t.Queries, func(o *DQuery) bool { return o == q })
			}})
		}
		var txs []*DTransaction
		for _, x := range t.Transactions {
			if !slices.ContainsFunc(x.Members, func(m string) bool {
				return !slices.ContainsFunc(live, func(e *DEntity) bool { return e.Name == m })
			}) {
				txs = append(txs, x)
			}
		}
		if len(txs) > 0 {
			b.WriteString("    transactions:\n")
		}
		for _, x := range txs {
			var ms []string
			for i, m := range x.Members {
				if x.Counts[i] > 1 {
					ms = append(ms, fmt.Sprintf("{%s: %d}", quote(m), x.Counts[i]))
				} else {
					ms = append(ms, quote(m))
				}
			}
			spans = append(spans, span{line(), line(), "transaction group " + t.Name + "." + x.Name, func() {
				t.Transactions = slices.DeleteFunc(t.Transactions, func(o *DTransaction) bool { return o == x })
			}})
			fmt.Fprintf(&b, "      %s: [%s] # %s\n", quote(x.Name), strings.Join(ms, ", "), oneLine(x.Where))
		}
	}
	return b.String(), spans
}

func (d *Design) writeEntity(b *strings.Builder, e *DEntity) {
	switch {
	case e.FromQueries:
		fmt.Fprintf(b, "      # No write of this table was found: a stand-in entity type declaring\n      # what the queries compare.\n")
	case len(e.Where) > 0:
		w := e.Where
		more := ""
		if len(w) > 3 {
			w, more = w[:3], fmt.Sprintf(", and %d more", len(e.Where)-3)
		}
		fmt.Fprintf(b, "      # written at %s%s\n", oneLine(strings.Join(w, ", ")), more)
	}
	fmt.Fprintf(b, "      %s:\n", quote(e.Name))
	for _, k := range e.NoKey {
		fmt.Fprintf(b, "        # %s: its value was not found in the code\n", k)
	}
	fmt.Fprintf(b, "        partitionKey: %s\n", quote(e.PartitionKey))
	fmt.Fprintf(b, "        rowKey: %s\n", quote(e.RowKey))
	b.WriteString("        # count: ?   how many entities of this type exist\n")
	b.WriteString("        # writes: ?  inserts and updates a second over all partitions (10/s)\n")
	if len(e.Props) == 0 {
		b.WriteString("        properties: {}\n")
		return
	}
	b.WriteString("        properties:\n")
	for _, p := range e.Props {
		var c []string
		if p.KeyOnly {
			c = append(c, "in the keys or queries only: not stored")
		}
		if p.Type != edm.String || p.MaxLength == 0 {
			fmt.Fprintf(b, "          %s: %s%s\n", quote(p.Name), p.Type, comment(c))
			continue
		}
		if p.MaxRunes > 0 {
			c = append(c, fmt.Sprintf("at most %d runes in the code: %d UTF-16 code units", p.MaxRunes, p.MaxLength))
		} else {
			c = append(c, "bounded in the code")
		}
		fmt.Fprintf(b, "          %s: {type: %s, maxLength: %d}%s\n", quote(p.Name), p.Type, p.MaxLength, comment(c))
	}
}

// comment writes notes as a YAML comment ("" for none).
func comment(notes []string) string {
	if len(notes) == 0 {
		return ""
	}
	return " # " + strings.Join(notes, "; ")
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
