package propnames

import (
	_ "embed"
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"strings"
	"unicode"

	"golang.org/x/tools/go/analysis"

	"github.com/tablelint/tablelint/analyzers/internal/diag"
	"github.com/tablelint/tablelint/analyzers/internal/docs"
	"github.com/tablelint/tablelint/analyzers/internal/index"
	"github.com/tablelint/tablelint/analyzers/internal/sdk"
	"github.com/tablelint/tablelint/analyzers/internal/target"
	"github.com/tablelint/tablelint/analyzers/internal/writes"
	"github.com/tablelint/tablelint/edm"
	"github.com/tablelint/tablelint/internal/finding"
	"github.com/tablelint/tablelint/internal/limits"
)

//go:embed doc.go
var doc string

// Analyzer reports TL110–TL116.
var Analyzer = &analysis.Analyzer{
	Name:     "propnames",
	Doc:      docs.MustExtract(doc, "propnames"),
	URL:      "https://pkg.go.dev/github.com/tablelint/tablelint/analyzers/propnames",
	Requires: []*analysis.Analyzer{index.Analyzer, target.Analyzer},
	Run:      run,
}

// onTarget is the -target flag: on Cosmos DB for Table some property
// names are reserved (TL116).
var onTarget target.Value

func init() { target.Register(&Analyzer.Flags, &onTarget) }

type checker struct {
	pass *analysis.Pass
	x    *index.Index
	svc  *limits.Service
}

// prop is one property name and where it is written.
type prop struct {
	name string
	at   ast.Node
	typ  types.Type // the field's or value's type
}

func run(pass *analysis.Pass) (any, error) {
	c := &checker{pass: pass, x: index.Of(pass), svc: target.For(pass, &onTarget)}
	fields, done := structFields(pass.Files), map[token.Pos]bool{}
	for cur := range c.x.Inspector.Root().Preorder((*ast.TypeSpec)(nil)) {
		ts := cur.Node().(*ast.TypeSpec)
		obj, ok := pass.TypesInfo.Defs[ts.Name].(*types.TypeName)
		if !ok || !writes.IsEntityStruct(obj.Type()) || writes.OwnEncoding(obj.Type()) {
			continue
		}
		c.entity(ts.Name.Name, c.structProps(obj.Type(), ts))
		c.promotedCase(ts, obj.Type(), fields, done)
	}
	entities, seen := map[*ast.CompositeLit]bool{}, map[*ast.CompositeLit]bool{}
	for _, lit := range c.x.Entities {
		if writes.IsStringMap(pass.TypesInfo.TypeOf(lit)) {
			entities[lit] = true
			c.entity("map", c.mapProps(lit))
		}
	}
	// The Properties of an SDK entity (aztables.EDMEntity, the legacy
	// storage.Entity), in its literal or assigned to it.
	info := pass.TypesInfo
	for cur := range c.x.Inspector.Root().Preorder((*ast.CompositeLit)(nil), (*ast.AssignStmt)(nil)) {
		switch n := cur.Node().(type) {
		case *ast.CompositeLit:
			if t := info.TypeOf(n); sdk.IsAztablesType(t, "EDMEntity") || sdk.IsLegacyType(t, "Entity") {
				c.properties(sdk.Field(info, n, "Properties"), seen, entities)
			}
		case *ast.AssignStmt:
			if len(n.Lhs) != len(n.Rhs) {
				continue
			}
			for i, l := range n.Lhs {
				if sel, ok := ast.Unparen(l).(*ast.SelectorExpr); ok && (sdk.FieldSelection(info, sel, sdk.AztablesPath, "EDMEntity", "Properties") ||
					sdk.FieldSelection(info, sel, sdk.LegacyPath, "Entity", "Properties")) {
					c.properties(n.Rhs[i], seen, entities)
				}
			}
		}
	}
	return nil, nil
}

// properties checks the names of a map literal given to an SDK entity as
// its Properties. A system name among them (PartitionKey, RowKey,
// Timestamp) is a property of its own beside the entity's system fields,
// whatever its type: TL114; except a Timestamp holding a time, which is
// the client setting the system Timestamp (TL128, reported by the
// properties analyzer when the entity is written).
func (c *checker) properties(v ast.Expr, seen, entities map[*ast.CompositeLit]bool) {
	if v == nil {
		return
	}
	lit, ok := ast.Unparen(v).(*ast.CompositeLit)
	if !ok || seen[lit] || !writes.IsStringMap(c.pass.TypesInfo.TypeOf(lit)) {
		return
	}
	seen[lit] = true
	for _, p := range c.mapProps(lit) {
		switch p.name {
		case writes.PartitionKey, writes.RowKey, writes.Timestamp:
			if entities[lit] && c.mistyped(p) {
				continue // a map entity too: reported for its type
			}
			if p.name == writes.Timestamp && p.typ != nil && writes.TimeType(p.typ) {
				continue // the client sets Timestamp: TL128's
			}
			diag.Report(c.pass, "TL114", p.at, "%s is a system property of the entity; its Properties cannot hold one of that name", p.name)
		}
	}
}

// mistyped reports whether p, a system property of a map entity or an
// entity struct, has a type name reports (TL114).
func (c *checker) mistyped(p prop) bool {
	if p.name == writes.Timestamp {
		return writes.TimestampMistyped(p.typ)
	}
	return !keyString(p.typ)
}

// keyString reports whether a PartitionKey or RowKey of type t can reach
// the service as a string: a string, or a type that encodes itself (a
// uuid.UUID's MarshalText makes it a JSON string; what a MarshalJSON
// writes is not known here).
func keyString(t types.Type) bool {
	return writes.StringType(t) || writes.OwnEncoding(t)
}

// structProps returns the JSON names of an entity struct's fields, placed
// at the field names of its declaration when the field is declared there
// (promoted fields are placed at the embedding field).
func (c *checker) structProps(t types.Type, ts *ast.TypeSpec) []prop {
	st, ok := ts.Type.(*ast.StructType)
	if !ok {
		return nil
	}
	var out []prop
	for _, f := range writes.JSONFields(t) {
		at := fieldNode(st, f.Var.Pos())
		if at == nil {
			continue // promoted from an embedded type declared elsewhere
		}
		out = append(out, prop{name: f.Name, at: at, typ: f.Var.Type()})
	}
	return out
}

// fieldNode returns the field of st declared at pos, with its tag.
func fieldNode(st *ast.StructType, pos token.Pos) ast.Node {
	for _, f := range st.Fields.List {
		for _, n := range f.Names {
			if n.Pos() == pos {
				return f
			}
		}
	}
	return nil
}

func (c *checker) mapProps(lit *ast.CompositeLit) []prop {
	var out []prop
	for _, el := range lit.Elts {
		kv, ok := el.(*ast.KeyValueExpr)
		if !ok {
			continue
		}
		if name, ok := c.x.Writes.ConstString(kv.Key); ok {
			out = append(out, prop{name: name, at: kv.Key, typ: c.pass.TypesInfo.TypeOf(kv.Value)})
		}
	}
	return out
}

// entity checks the names of one entity type or literal.
func (c *checker) entity(what string, props []prop) {
	byFold := map[string]prop{}
	for _, p := range props {
		if annotation(p.name) {
			continue
		}
		c.name(p)
		key := strings.ToLower(p.name)
		if prev, dup := byFold[key]; dup && prev.name != p.name {
			line := c.pass.Fset.Position(prev.at.Pos()).Line
			diag.Report(c.pass, "TL115", p.at, "%s", diag.Fit(
				fmt.Sprintf("property names %q and %q (line %d) differ only in case", finding.Clip(p.name), finding.Clip(prev.name), line),
				fmt.Sprintf("property name %q differs only in case from line %d", finding.Clip(p.name), line)))
			continue
		}
		byFold[key] = p
	}
}

// annotation reports whether name is an OData annotation, not a property.
func annotation(name string) bool {
	return strings.HasPrefix(name, "odata.") || strings.Contains(name, "@odata.")
}

func (c *checker) name(p prop) {
	name := p.name
	switch r, bad := limits.InvalidPropertyNameRune(name); {
	case edm.UTF16Len(name) > limits.MaxPropertyNameChars:
		diag.Report(c.pass, "TL110", p.at, "property name %q… is %d characters long; the limit is %d", truncate(name, 20), edm.UTF16Len(name), limits.MaxPropertyNameChars)
	case bad:
		diag.Report(c.pass, "TL113", p.at, "%s", diag.Fit(
			fmt.Sprintf("property name %q contains %s, which property names cannot contain", finding.Clip(name), describe(r)),
			fmt.Sprintf("property name contains %s, which property names cannot contain", describe(r))))
	case strings.Contains(name, "-"):
		diag.Report(c.pass, "TL112", p.at, "property name %q contains a dash, which the Table service rejects", finding.Clip(name))
	case !limits.IsCSharpIdentifier(name):
		diag.Report(c.pass, "TL111", p.at, "property name %q is not a C# identifier", finding.Clip(name))
	default:
		if r, bad := limits.XMLNameRune(name); bad {
			diag.Report(c.pass, "TL111", p.at, "%s", diag.Fit(
				fmt.Sprintf("property name %q contains %s, which XML names cannot", finding.Clip(name), describe(r)),
				fmt.Sprintf("property name contains %s, which XML names cannot", describe(r))))
		}
	}
	if r, ok := c.svc.ReservedPropertyName(name); ok {
		diag.Report(c.pass, "TL116", p.at, "%s", diag.Fit(
			fmt.Sprintf("property name %q is reserved on Azure Cosmos DB for Table (%s)", finding.Clip(name), r),
			fmt.Sprintf("property name is reserved on Azure Cosmos DB for Table (%s)", r)))
	}
	switch name {
	case writes.PartitionKey, writes.RowKey:
		if !keyString(p.typ) {
			diag.Report(c.pass, "TL114", p.at, "%s, a system property that holds a string, is a %s here", name, finding.Clip(typeString(c.pass, p.typ)))
		}
	case writes.Timestamp:
		if writes.TimestampMistyped(p.typ) {
			diag.Report(c.pass, "TL114", p.at, "Timestamp, a system property the service sets, is a %s here", finding.Clip(typeString(c.pass, p.typ)))
		}
	}
}

func typeString(pass *analysis.Pass, t types.Type) string {
	return types.TypeString(t, types.RelativeTo(pass.Pkg))
}

func describe(r rune) string {
	if !unicode.IsPrint(r) {
		return fmt.Sprintf("the character U+%04X", r)
	}
	return fmt.Sprintf("%q", string(r))
}

func truncate(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n])
}
