package designdrift

import (
	_ "embed"
	"fmt"
	"go/token"
	"os"
	"reflect"
	"slices"
	"strings"
	"sync"
	"time"

	"golang.org/x/tools/go/analysis"

	"github.com/tablelint/tablelint/analyzers/extract"
	"github.com/tablelint/tablelint/analyzers/internal/diag"
	"github.com/tablelint/tablelint/analyzers/internal/docs"
	"github.com/tablelint/tablelint/analyzers/internal/filterflow"
	"github.com/tablelint/tablelint/analyzers/internal/flow"
	"github.com/tablelint/tablelint/analyzers/internal/index"
	"github.com/tablelint/tablelint/edm"
	"github.com/tablelint/tablelint/internal/finding"
	"github.com/tablelint/tablelint/model"
)

//go:embed doc.go
var doc string

// Analyzer reports code that drifts from the design given with -design.
var Analyzer = &analysis.Analyzer{
	Name: "tabledesign",
	Doc:  docs.MustExtract(doc, "tabledesign"),
	URL:  "https://pkg.go.dev/github.com/tablelint/tablelint/analyzers/designdrift",
	// The analyzers extract.Describe reads; they run for the other
	// analyzers anyway, and Describe runs only with -design.
	Requires:   []*analysis.Analyzer{index.Analyzer, filterflow.Analyzer, flow.Analyzer},
	ResultType: reflect.TypeFor[*Result](),
	Run:        run,
}

var designFile string

func init() {
	Analyzer.Flags.StringVar(&designFile, "design", "", "the design file (YAML) the code implements; empty: report nothing")
}

// Result is what a package used of the design.
type Result struct {
	// Used holds the design's queries (*model.Query) and entity types
	// (*model.Entity) the package's code matches.
	Used map[any]bool
	// Written holds the design's tables the package writes.
	Written map[*model.Table]bool
}

var cache struct {
	sync.Mutex
	path string
	mod  time.Time
	size int64
	d    *model.Design
	err  error
	// shapes are the shapes of d's queries (shapesOf).
	shapes map[*model.Query]string
}

// Load loads the design file once per process while it is unchanged
// (every package's pass shares it; it is read-only).
func Load(path string) (*model.Design, error) {
	cache.Lock()
	defer cache.Unlock()
	var mod time.Time
	var size int64
	if fi, err := os.Stat(path); err == nil {
		mod, size = fi.ModTime(), fi.Size()
	}
	if cache.path != path || !cache.mod.Equal(mod) || cache.size != size || (cache.d == nil && cache.err == nil) {
		cache.path, cache.mod, cache.size = path, mod, size
		cache.d, cache.err = model.Load(path)
		cache.shapes = nil
	}
	return cache.d, cache.err
}

// shapesOf returns the shape of each query of d that has a filter,
// computed once per design (every package's pass compares its queries
// with all of them).
func shapesOf(d *model.Design) map[*model.Query]string {
	cache.Lock()
	defer cache.Unlock()
	if cache.d == d && cache.shapes != nil {
		return cache.shapes
	}
	shapes := map[*model.Query]string{}
	for _, t := range d.Tables {
		for _, q := range t.Queries {
			if q.FilterNode != nil {
				shapes[q] = Shape(q.FilterNode.Value)
			}
		}
	}
	if cache.d == d {
		cache.shapes = shapes
	}
	return shapes
}

func run(pass *analysis.Pass) (any, error) {
	res := &Result{Used: map[any]bool{}, Written: map[*model.Table]bool{}}
	if designFile == "" {
		return res, nil
	}
	d, err := Load(designFile)
	if err != nil {
		return nil, err
	}
	x := extract.Describe(pass)
	m := &matcher{pass: pass, d: d, res: res, shapes: shapesOf(d)}
	// Tests are not the application's access patterns.
	test := func(pos token.Pos) bool { return strings.HasSuffix(pass.Fset.Position(pos).Filename, "_test.go") }
	for _, q := range x.Queries {
		if !test(q.Pos) {
			m.query(q)
		}
	}
	for _, e := range x.Entities {
		if !test(e.Pos) {
			m.entity(e)
		}
	}
	return res, nil
}

type matcher struct {
	pass   *analysis.Pass
	d      *model.Design
	res    *Result
	shapes map[*model.Query]string
}

// tables returns the design's tables a reference can be: the one named,
// or every table when the code does not name it.
func (m *matcher) tables(ref extract.TableRef) []*model.Table {
	if !ref.Known() {
		return m.d.Tables
	}
	for _, t := range m.d.Tables {
		if strings.EqualFold(t.Name, ref.Name) {
			return []*model.Table{t}
		}
	}
	return nil
}

func (m *matcher) query(q *extract.Query) {
	shape := Shape(q.Filter)
	tables := m.tables(q.Table)
	found := false
	for _, t := range tables {
		for _, dq := range t.Queries {
			if ds, ok := m.shapes[dq]; ok && ds == shape {
				m.res.Used[dq] = true
				found = true
			}
		}
	}
	if found || q.Point {
		// A point read the design does not list is no drift: a
		// design need not list the reads by both keys.
		return
	}
	where := "in table " + q.Table.Name
	switch {
	case !q.Table.Known():
		where = "in any table"
	case len(tables) == 0:
		where = fmt.Sprintf("in table %s (not in the design)", q.Table.Name)
	}
	diag.Report(m.pass, "TL519", posNode(q.Pos), "%s", diag.Fit(
		fmt.Sprintf("%s runs %q: no query of the design %s has its shape", q.Name, finding.Clip(q.Filter), where),
		diag.Fit(fmt.Sprintf("query %q: no query of the design has its shape", finding.Clip(shape)),
			"a query whose shape no query of the design has")))
}

type posNode token.Pos

func (p posNode) Pos() token.Pos { return token.Pos(p) }
func (p posNode) End() token.Pos { return token.Pos(p) }

// class puts the numeric types together.
func class(t edm.Type) edm.Type {
	switch t {
	case edm.Int32, edm.Int64, edm.Double:
		return edm.Double
	}
	return t
}

func (m *matcher) entity(e *extract.Entity) {
	tables := m.tables(e.Table)
	if len(tables) == 0 {
		diag.Report(m.pass, "TL520", posNode(e.Pos), "%s", diag.Fit(
			fmt.Sprintf("%s writes %s to table %s, which the design does not list", e.Method, e.Name, e.Table.Name),
			"a write to a table the design does not list"))
		return
	}
	codeType := func(name string) edm.Type {
		for _, p := range e.Props {
			if p.Name == name {
				return p.Type
			}
		}
		return edm.Invalid
	}
	var pk, rk []extract.KeyPart
	if e.PartitionKey != nil {
		pk, _ = extract.KeyParts(e.PartitionKey.Template, codeType)
	}
	if e.RowKey != nil {
		rk, _ = extract.KeyParts(e.RowKey.Template, codeType)
	}
	type candidate struct {
		de     *model.Entity
		shared int
		// same counts what the design entry shares with the write
		// beyond properties: the same key templates, the same name (an
		// extracted design's entry for this write has both).
		same int
		why  string
		key  *extract.Key
	}
	var fits, other []candidate
	for _, t := range tables {
		typeOf := func(name string) edm.Type {
			if p := t.Property(name); p != nil {
				return p.Type
			}
			return edm.Invalid
		}
		for _, de := range t.Entities {
			c := candidate{de: de}
			for _, p := range e.Props {
				if !p.KeyOnly && de.Property(p.Name) != nil {
					c.shared++
				}
			}
			if pk != nil {
				dpk, _ := extract.KeyParts(de.PartitionKey.Text, typeOf)
				if why := extract.Contradiction(pk, dpk); why != "" {
					c.why, c.key = "PartitionKey: "+why, e.PartitionKey
				}
			}
			if rk != nil && c.why == "" {
				drk, _ := extract.KeyParts(de.RowKey.Text, typeOf)
				if why := extract.Contradiction(rk, drk); why != "" {
					c.why, c.key = "RowKey: "+why, e.RowKey
				}
			}
			if e.PartitionKey != nil && e.PartitionKey.Template == de.PartitionKey.Text &&
				e.RowKey != nil && e.RowKey.Template == de.RowKey.Text {
				c.same++
			}
			if de.Name == e.Name {
				c.same++
			}
			if c.why == "" {
				fits = append(fits, c)
			} else {
				other = append(other, c)
			}
		}
	}
	better := func(a, b *candidate) bool {
		return a.shared > b.shared || (a.shared == b.shared && a.same > b.same)
	}
	most := func(cs []candidate) *candidate {
		var best *candidate
		for i := range cs {
			if best == nil || better(&cs[i], best) {
				best = &cs[i]
			}
		}
		return best
	}
	best := most(fits)
	if best == nil || (best.shared == 0 && len(e.Props) > 0 && hasStored(e)) {
		o := most(other)
		if o == nil || o.shared == 0 {
			if best == nil {
				return // no declared entity type is like it
			}
		} else {
			m.res.Used[o.de] = true
			m.res.Written[o.de.Table] = true
			diag.Report(m.pass, "TL520", posNode(o.key.Expr.Pos()), "%s", diag.Fit(
				fmt.Sprintf("%s writes %s with keys unlike %s.%s's: %s", e.Method, e.Name, o.de.Table.Name, o.de.Name, o.why),
				diag.Fit(o.why, // "RowKey: literal text … where the template … has …"
					diag.Fit(fmt.Sprintf("%s writes %s with keys unlike %s.%s's", e.Method, e.Name, o.de.Table.Name, o.de.Name),
						"a write with keys unlike the design's templates"))))
			m.properties(e, o.de)
			return
		}
	}
	// A write to a table the code does not name fits every entry that
	// fits it as well as the best one does: the design cannot tell
	// which table's it is, so none of them is unused.
	for _, c := range fits {
		if !better(best, &c) {
			m.res.Used[c.de] = true
			m.res.Written[c.de.Table] = true
		}
	}
	m.properties(e, best.de)
}

func hasStored(e *extract.Entity) bool {
	return slices.ContainsFunc(e.Props, func(p extract.Prop) bool { return !p.KeyOnly })
}

// properties reports the properties written with another type than de
// declares.
func (m *matcher) properties(e *extract.Entity, de *model.Entity) {
	for _, p := range e.Props {
		if p.KeyOnly || p.Type == edm.Invalid {
			continue
		}
		at := p.Pos
		if !p.Set || !at.IsValid() {
			at = e.Pos // declared, not set here: the write
		}
		dp := de.Property(p.Name)
		if dp == nil || class(dp.Type) == class(p.Type) {
			continue
		}
		diag.Report(m.pass, "TL520", posNode(at), "%s", diag.Fit(
			fmt.Sprintf("%s writes property %s of %s as %s where the design declares %s", e.Method, p.Name, e.Name, p.Type, dp.Type),
			diag.Fit(fmt.Sprintf("property %s written as %s where the design declares %s", p.Name, p.Type, dp.Type),
				"a property written with another type than the design declares")))
	}
}

// Shape returns a filter template's shape (extract.Shape): filters of
// one shape are one access pattern.
func Shape(filter string) string { return extract.Shape(filter) }

// Unused returns a TL521 finding, at the design's position, for each
// query of d that no package matched, and each entity type that none
// matched in a table some package writes. results are every analysed
// package's.
func Unused(d *model.Design, results []*Result) []finding.Finding {
	used := map[any]bool{}
	written := map[*model.Table]bool{}
	for _, r := range results {
		for k := range r.Used {
			used[k] = true
		}
		for t := range r.Written {
			written[t] = true
		}
	}
	var out []finding.Finding
	at := func(n any, msg string) {
		f := finding.New("TL521", msg)
		f.File = d.File
		switch n := n.(type) {
		case *model.Query:
			f.Line, f.Col = d.Pos(n.Node)
		case *model.Entity:
			f.Line, f.Col = d.Pos(n.Node)
		}
		out = append(out, f)
	}
	for _, t := range d.Tables {
		for _, q := range t.Queries {
			if !used[q] {
				at(q, diag.Fit(fmt.Sprintf("query %s.%s (%q) matches no query of the analysed code", t.Name, q.Name, finding.Clip(q.FilterNode.Value)),
					diag.Fit(fmt.Sprintf("query %s.%s matches no query of the analysed code", t.Name, q.Name),
						"a declared query matches no query of the analysed code")))
			}
		}
		if !written[t] {
			continue
		}
		for _, e := range t.Entities {
			if !used[e] {
				at(e, diag.Fit(fmt.Sprintf("entity type %s.%s matches no write of the analysed code", t.Name, e.Name),
					"a declared entity type matches no write of the analysed code"))
			}
		}
	}
	return out
}
