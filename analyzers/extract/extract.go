package extract

import (
	_ "embed"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"reflect"
	"strings"
	"unicode"

	"golang.org/x/tools/go/analysis"

	"github.com/tablelint/tablelint/analyzers/internal/docs"
	"github.com/tablelint/tablelint/analyzers/internal/filterflow"
	"github.com/tablelint/tablelint/analyzers/internal/flow"
	"github.com/tablelint/tablelint/analyzers/internal/index"
	"github.com/tablelint/tablelint/analyzers/internal/reach"
	"github.com/tablelint/tablelint/analyzers/internal/sdk"
	"github.com/tablelint/tablelint/edm"
)

//go:embed doc.go
var doc string

// Analyzer computes the package's Result.
var Analyzer = &analysis.Analyzer{
	Name:       "tlextract",
	Doc:        docs.MustExtract(doc, "tlextract"),
	URL:        "https://pkg.go.dev/github.com/tablelint/tablelint/analyzers/extract",
	Requires:   []*analysis.Analyzer{index.Analyzer, filterflow.Analyzer, flow.Analyzer},
	ResultType: reflect.TypeFor[*Result](),
	Run:        run,
}

// Result is what a package tells about its tables.
type Result struct {
	// Tables are the tables the package names (clients, CreateTable).
	Tables       []TableRef
	Entities     []*Entity
	Queries      []*Query
	Transactions []*Transaction
}

// TableRef identifies the table a client refers to.
type TableRef struct {
	// Name is the table's name when the code gives it as a constant, ""
	// when it does not.
	Name string
	// Key identifies an unknown table by the Go variable or field that
	// holds its client ("pkg.Store.tbl"); "" when nothing is known.
	Key string
	// Hint is a readable name for an unknown table ("Store.tbl").
	Hint string
}

// Known reports whether the table's name is known.
func (t TableRef) Known() bool { return t.Name != "" }

// Entity is one write of an entity.
type Entity struct {
	Table TableRef
	// Name is the Go type's name, or the writing function's for maps and
	// EDMEntity values.
	Name string
	// PartitionKey and RowKey are the key templates; nil when the key's
	// value was not found.
	PartitionKey, RowKey *Key
	Props                []Prop
	// Pos is the write call (or the transaction action); At is where it
	// is (Pos in the pass's file set), for results read after the pass.
	Pos token.Pos `json:"-"`
	At  token.Position
	// Method is the SDK method: AddEntity, UpsertEntity, UpdateEntity,
	// SubmitTransaction.
	Method string
}

// Prop is a property written.
type Prop struct {
	Name string
	// Type is the EDM type the service stores; edm.Invalid when unknown.
	Type edm.Type
	// KeyOnly marks a value the keys carry but the entity does not store.
	KeyOnly bool
	// Pos is where the property is set (Set) or declared.
	Pos token.Pos `json:"-"`
	Set bool
	// MaxLength is the most UTF-16 code units a String value holds when
	// every value written is bounded by the code (a length check or a
	// truncation before the write); 0 when not. MaxRunes is the rune
	// count it comes from when the code counts runes (a rune is one or
	// two code units), else 0.
	MaxLength, MaxRunes int64 `json:",omitempty"`
}

// Key is a key template rebuilt from code.
type Key struct {
	// Template is in the design file's syntax: "{Department}_{Id:%06d}".
	Template string
	// Value is the reconstructed value.
	Value flow.Value `json:"-"`
	// Expr is the expression given to the key.
	Expr ast.Expr `json:"-"`
}

// Query is one query the package runs.
type Query struct {
	Table TableRef
	// Name is the function running the query.
	Name string
	// Filter is the filter as a design template; Params are the
	// properties its placeholders name, with their types.
	Filter string
	Params []Prop
	Top    int64
	Select []string
	Pos    token.Pos `json:"-"`
	At     token.Position
	// RunsAt is where the SDK call that runs the query is
	// ("store.go:42"): the call itself for a direct query, the call
	// inside the wrapper for a query made through one (Via).
	RunsAt string `json:",omitempty"`
	// Via is the wrapper function called ("pkg.Repo.List"), "" for a
	// direct query. A query through a wrapper is a caller of the query
	// the wrapper runs: the design lists it under that query.
	Via string `json:",omitempty"`
	// Point marks a point read (GetEntity): its filter names both keys.
	Point bool `json:",omitempty"`
}

// Transaction is one SubmitTransaction call.
type Transaction struct {
	Table TableRef
	Name  string
	// Members are entities of the Result's Entities.
	Members []*Entity `json:"-"`
	Pos     token.Pos `json:"-"`
	At      token.Position
}

type extractor struct {
	pass   *analysis.Pass
	x      *index.Index
	fl     *flow.Result
	info   *types.Info
	fields map[*types.Var][]ast.Expr // values assigned to struct fields
	out    *Result
}

func run(pass *analysis.Pass) (any, error) { return Describe(pass), nil }

// Describe computes the Result for a pass of an analyzer that requires
// index.Analyzer, filterflow.Analyzer and flow.Analyzer (as Analyzer does): an analyzer
// that needs the Result only sometimes calls it instead of requiring
// Analyzer, so that runs without it pay nothing.
func Describe(pass *analysis.Pass) *Result {
	out := &Result{}
	if reach.Std(pass) {
		return out
	}
	x := index.Of(pass)
	e := &extractor{pass: pass, x: x, fl: flow.Of(pass), info: pass.TypesInfo, out: out}
	e.tables()
	for _, c := range x.Calls {
		if c.Legacy || c.Closure != nil {
			continue
		}
		tbl := e.pkgTable()
		if c.Via == nil {
			tbl = e.clientTable(c.Call)
		}
		fn := funcName(e.enclosing(c.Call.Pos()))
		switch {
		case c.Entity != nil:
			if ent := e.entity(c.Entity, c.Body, tbl, fn, c.Call.Pos()); ent != nil {
				ent.Method = c.Method
				out.Entities = append(out.Entities, ent)
			}
		case c.Actions != nil:
			tx := &Transaction{Table: tbl, Name: fn, Pos: c.Call.Pos()}
			for _, a := range x.Writes.ActionsOf(c.Actions) {
				if a.Entity == nil || !e.isWriteAction(a.Lit) {
					continue
				}
				if ent := e.entity(a.Entity, c.Body, tbl, fn, a.Lit.Pos()); ent != nil {
					ent.Method = c.Method
					out.Entities = append(out.Entities, ent)
					tx.Members = append(tx.Members, ent)
				}
			}
			if len(tx.Members) > 0 {
				out.Transactions = append(out.Transactions, tx)
			}
		}
	}
	if ff, ok := pass.ResultOf[filterflow.Analyzer].(*filterflow.Result); ok && ff != nil {
		for _, q := range ff.Queries {
			e.query(ff, q)
		}
	}
	e.pointReads()
	for _, x := range out.Entities {
		x.At = pass.Fset.Position(x.Pos)
	}
	for _, x := range out.Queries {
		x.At = pass.Fset.Position(x.Pos)
	}
	for _, x := range out.Transactions {
		x.At = pass.Fset.Position(x.Pos)
	}
	return out
}

// isWriteAction reports whether a TransactionAction literal inserts or
// updates (its ActionType is not a delete).
func (e *extractor) isWriteAction(lit *ast.CompositeLit) bool {
	t := sdk.Field(e.info, lit, "ActionType")
	if t == nil {
		return true
	}
	id, ok := ast.Unparen(t).(*ast.SelectorExpr)
	if !ok {
		return true
	}
	return !strings.Contains(id.Sel.Name, "Delete")
}

// enclosing returns the function declaration containing pos.
func (e *extractor) enclosing(pos token.Pos) *ast.FuncDecl {
	for _, f := range e.pass.Files {
		if f.FileStart > pos || pos > f.FileEnd {
			continue
		}
		for _, d := range f.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && fd.Pos() <= pos && pos < fd.End() {
				return fd
			}
		}
	}
	return nil
}

// funcName names a function for the design: "Page", or "Store.Page" for
// a method.
func funcName(fd *ast.FuncDecl) string {
	if fd == nil {
		return "main"
	}
	name := fd.Name.Name
	if fd.Recv != nil && len(fd.Recv.List) == 1 {
		t := fd.Recv.List[0].Type
		if s, ok := t.(*ast.StarExpr); ok {
			t = s.X
		}
		if ix, ok := t.(*ast.IndexExpr); ok {
			t = ix.X
		}
		if id, ok := t.(*ast.Ident); ok {
			name = id.Name + "." + name
		}
	}
	return name
}

// tables records the table names the package gives clients and
// CreateTable.
func (e *extractor) tables() {
	seen := map[string]bool{}
	e.x.Inspector.Preorder([]ast.Node{(*ast.CallExpr)(nil)}, func(n ast.Node) {
		call := n.(*ast.CallExpr)
		var name string
		switch {
		case (sdk.IsMethod(e.info, call, "ServiceClient", "CreateTable") || sdk.IsMethod(e.info, call, "ServiceClient", "NewClient")) && len(call.Args) >= 1:
			arg := 0
			if len(call.Args) >= 2 {
				arg = 1
			}
			name, _ = e.constName(call, arg)
		case e.isClientCtor(call) && len(call.Args) >= 1:
			name = e.urlTable(call)
		}
		if name != "" && !seen[name] {
			seen[name] = true
			e.out.Tables = append(e.out.Tables, TableRef{Name: name})
		}
	})
}

func (e *extractor) isClientCtor(call *ast.CallExpr) bool {
	for _, f := range []string{"NewClient", "NewClientWithNoCredential", "NewClientWithSharedKey"} {
		if sdk.IsFunc(e.info, call, sdk.AztablesPath, f) {
			return true
		}
	}
	return false
}

// constName returns argument i of call, a table name, when it is
// constant and not empty.
func (e *extractor) constName(call *ast.CallExpr, i int) (string, bool) {
	v, ok := e.fl.Arg(call, i)
	if !ok {
		return "", false
	}
	s, ok := flow.ConstText(v)
	return s, ok && s != ""
}

// urlTable returns the table part of the URL a client constructor is
// given (its first argument) when every value the URL can take names
// the same constant table.
func (e *extractor) urlTable(call *ast.CallExpr) string {
	v, ok := e.fl.Arg(call, 0)
	if !ok || len(v.Variants) != 1 || v.Approx {
		return ""
	}
	name, _ := flow.TableOfURL(v.Variants[0])
	return name
}

// clientTable returns the table of the client a write or query call is
// made on.
func (e *extractor) clientTable(call *ast.CallExpr) TableRef {
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok {
		return e.pkgTable()
	}
	if t := e.tableOf(sel.X, 0); t.Name != "" || t.Key != "" {
		return t
	}
	return e.pkgTable()
}

// pkgTable is the table of a write or query whose client is not known
// (it goes through a helper): the package's.
func (e *extractor) pkgTable() TableRef {
	return TableRef{Key: PackageKey + e.pass.Pkg.Path(), Hint: "a client given to package " + e.pass.Pkg.Name()}
}

// PackageKey starts the TableRef.Key of a table known only as the
// package's.
const PackageKey = "pkg:"

func (e *extractor) tableOf(x ast.Expr, depth int) TableRef {
	if depth > 8 {
		return TableRef{}
	}
	x = ast.Unparen(x)
	switch x := x.(type) {
	case *ast.StarExpr:
		return e.tableOf(x.X, depth+1)
	case *ast.UnaryExpr:
		return e.tableOf(x.X, depth+1)
	case *ast.CallExpr:
		switch {
		case sdk.IsMethod(e.info, x, "ServiceClient", "NewClient") && len(x.Args) == 1,
			sdk.IsLegacyMethod(e.info, x, "TableServiceClient", "GetTableReference") && len(x.Args) == 1:
			if n, ok := e.constName(x, 0); ok {
				return TableRef{Name: n}
			}
			return e.keyOf(x.Args[0])
		case e.isClientCtor(x) && len(x.Args) >= 1:
			if n := e.urlTable(x); n != "" {
				return TableRef{Name: n}
			}
		}
		return TableRef{}
	case *ast.Ident:
		v, _ := e.info.Uses[x].(*types.Var)
		if v == nil {
			return TableRef{}
		}
		if d, ok := e.x.Vars.Only(v); ok && d.Rhs != nil && d.Index <= 0 {
			if t := e.tableOf(d.Rhs, depth+1); t.Name != "" || t.Key != "" {
				return t
			}
		}
		return e.varKey(v)
	case *ast.SelectorExpr:
		s := e.info.Selections[x]
		if s == nil || s.Kind() != types.FieldVal {
			return TableRef{}
		}
		f := s.Obj().(*types.Var)
		var found TableRef
		n := 0
		for _, rhs := range e.fieldValues(f) {
			t := e.tableOf(rhs, depth+1)
			if !t.Known() {
				n = 2
				break
			}
			if n == 0 || t.Name != found.Name {
				n++
			}
			found = t
		}
		if n == 1 {
			return found
		}
		return e.fieldKey(s.Recv(), f)
	}
	return TableRef{}
}

// keyOf names an unknown table after the expression giving its name: the
// configuration key it is read from (os.Getenv("ORDERS_TABLE")), else
// the variable or field holding it.
func (e *extractor) keyOf(arg ast.Expr) TableRef {
	if call, ok := ast.Unparen(e.x.Vars.Resolve(arg)).(*ast.CallExpr); ok && len(call.Args) == 1 &&
		(sdk.IsFunc(e.info, call, "os", "Getenv") || sdk.IsFunc(e.info, call, "os", "LookupEnv")) {
		if name, ok := e.x.Writes.ConstString(call.Args[0]); ok && name != "" {
			return TableRef{Key: "env:" + name, Hint: "named by the environment variable " + name}
		}
	}
	switch a := ast.Unparen(arg).(type) {
	case *ast.Ident:
		if v, ok := e.info.Uses[a].(*types.Var); ok {
			return e.varKey(v)
		}
	case *ast.SelectorExpr:
		if s := e.info.Selections[a]; s != nil && s.Kind() == types.FieldVal {
			return e.fieldKey(s.Recv(), s.Obj().(*types.Var))
		}
	}
	return TableRef{}
}

func (e *extractor) varKey(v *types.Var) TableRef {
	if v.Pkg() == nil {
		return TableRef{}
	}
	return TableRef{Key: v.Pkg().Path() + "." + v.Name() + "@" + e.pass.Fset.Position(v.Pos()).String(), Hint: v.Name()}
}

func (e *extractor) fieldKey(recv types.Type, f *types.Var) TableRef {
	if p, ok := recv.(*types.Pointer); ok {
		recv = p.Elem()
	}
	owner := ""
	if n, ok := types.Unalias(recv).(*types.Named); ok {
		owner = n.Obj().Name() + "."
	}
	pkg := ""
	if f.Pkg() != nil {
		pkg = f.Pkg().Path() + "."
	}
	return TableRef{Key: pkg + owner + f.Name(), Hint: owner + f.Name()}
}

// fieldValues returns every value assigned to field f in the package:
// in composite literals and by assignment.
func (e *extractor) fieldValues(f *types.Var) []ast.Expr {
	if e.fields == nil {
		e.fields = map[*types.Var][]ast.Expr{}
		e.x.Inspector.Preorder([]ast.Node{(*ast.CompositeLit)(nil), (*ast.AssignStmt)(nil)}, func(n ast.Node) {
			switch n := n.(type) {
			case *ast.CompositeLit:
				st, ok := typeUnder(e.info.TypeOf(n)).(*types.Struct)
				if !ok {
					return
				}
				for i, el := range n.Elts {
					if kv, ok := el.(*ast.KeyValueExpr); ok {
						if id, ok := kv.Key.(*ast.Ident); ok {
							if fv, ok := e.info.Uses[id].(*types.Var); ok {
								e.fields[fv] = append(e.fields[fv], kv.Value)
							}
						}
					} else if i < st.NumFields() {
						e.fields[st.Field(i)] = append(e.fields[st.Field(i)], el)
					}
				}
			case *ast.AssignStmt:
				if len(n.Lhs) != len(n.Rhs) {
					return
				}
				for i, l := range n.Lhs {
					if sel, ok := ast.Unparen(l).(*ast.SelectorExpr); ok {
						if s := e.info.Selections[sel]; s != nil && s.Kind() == types.FieldVal {
							fv := s.Obj().(*types.Var)
							e.fields[fv] = append(e.fields[fv], n.Rhs[i])
						}
					}
				}
			}
		})
	}
	return e.fields[f]
}

func typeUnder(t types.Type) types.Type {
	if t == nil {
		return nil
	}
	t = types.Unalias(t)
	if p, ok := t.Underlying().(*types.Pointer); ok {
		t = p.Elem()
	}
	return t.Underlying()
}

// exported upper-cases the first letter of a Go name.
func exported(s string) string {
	if s == "" {
		return "Value"
	}
	r := []rune(s)
	r[0] = unicode.ToUpper(r[0])
	return string(r)
}

// constInt returns the integer constant e is, through to.Ptr, &, * and
// single-assignment variables.
func (e *extractor) constInt(x ast.Expr, depth int) (int64, bool) {
	if x == nil || depth > 8 {
		return 0, false
	}
	x = ast.Unparen(x)
	if tv, ok := e.info.Types[x]; ok && tv.Value != nil {
		if v, ok := constant.Int64Val(constant.ToInt(tv.Value)); ok {
			return v, true
		}
	}
	switch x := x.(type) {
	case *ast.UnaryExpr:
		return e.constInt(x.X, depth+1)
	case *ast.StarExpr:
		return e.constInt(x.X, depth+1)
	case *ast.CallExpr:
		if len(x.Args) == 1 {
			if sdk.IsFunc(e.info, x, sdk.ToPath, "Ptr") {
				return e.constInt(x.Args[0], depth+1)
			}
			if tv, ok := e.info.Types[x.Fun]; ok && tv.IsType() {
				return e.constInt(x.Args[0], depth+1)
			}
		}
	case *ast.Ident:
		if v, ok := e.info.Uses[x].(*types.Var); ok {
			if d, ok := e.x.Vars.Only(v); ok && d.Rhs != nil && d.Index <= 0 {
				return e.constInt(d.Rhs, depth+1)
			}
		}
	}
	return 0, false
}
