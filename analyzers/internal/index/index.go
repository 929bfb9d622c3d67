package index

import (
	_ "embed"
	"go/ast"
	"reflect"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/passes/inspect"
	"golang.org/x/tools/go/ast/inspector"

	"github.com/tablelint/tablelint/analyzers/internal/docs"
	"github.com/tablelint/tablelint/analyzers/internal/values"
	"github.com/tablelint/tablelint/analyzers/internal/writes"
)

//go:embed doc.go
var doc string

// Analyzer builds the package's Index.
var Analyzer = &analysis.Analyzer{
	Name:       "tlindex",
	Doc:        docs.MustExtract(doc, "tlindex"),
	URL:        "https://pkg.go.dev/github.com/tablelint/tablelint/analyzers/internal/index",
	Requires:   []*analysis.Analyzer{inspect.Analyzer},
	ResultType: reflect.TypeFor[*Index](),
	Run:        run,
}

// Index is the analyzer's result. It is read-only once built: analyzers
// running in parallel on the same package share it.
type Index struct {
	// Inspector is the package's inspector (from the inspect analyzer).
	Inspector *inspector.Inspector
	// Vars is the one variable-assignment index of the package.
	Vars *values.Vars
	// Writes is the write-side view of Vars (entity roots, keys, actions).
	Writes *writes.Index
	// Calls are the SDK calls that write entities, in source order.
	Calls []Call
	// Entities are the composite literals that build entities, in source
	// order.
	Entities []*ast.CompositeLit
}

// Call is an SDK write call and the body of the function it is in.
type Call struct {
	writes.Write
	// Body is the body of the function declaration containing the call
	// (of the outermost function literal, outside any declaration).
	Body *ast.BlockStmt
}

// Resolver returns a new value resolver over the shared index. A
// resolver holds per-call state, so each analyzer pass takes its own.
func (x *Index) Resolver() *values.Resolver { return values.NewResolverFor(x.Vars) }

// Of returns the package's index from a pass whose analyzer requires
// Analyzer.
func Of(pass *analysis.Pass) *Index { return pass.ResultOf[Analyzer].(*Index) }

func run(pass *analysis.Pass) (any, error) {
	ins := pass.ResultOf[inspect.Analyzer].(*inspector.Inspector)
	vars := values.NewVars(pass.TypesInfo, pass.Files, ins)
	x := &Index{Inspector: ins, Vars: vars, Writes: writes.NewIndexFor(vars)}
	for c := range ins.Root().Preorder((*ast.CallExpr)(nil), (*ast.CompositeLit)(nil)) {
		switch n := c.Node().(type) {
		case *ast.CallExpr:
			w, ok := writes.WriteOf(pass.TypesInfo, n)
			if !ok {
				continue
			}
			call := Call{Write: w}
			for fc := range c.Enclosing((*ast.FuncDecl)(nil), (*ast.FuncLit)(nil)) {
				switch f := fc.Node().(type) {
				case *ast.FuncDecl:
					call.Body = f.Body
				case *ast.FuncLit:
					call.Body = f.Body
				}
			}
			x.Calls = append(x.Calls, call)
		case *ast.CompositeLit:
			if isEntityLit(pass, x.Writes, n) {
				x.Entities = append(x.Entities, n)
			}
		}
	}
	return x, nil
}

func isEntityLit(pass *analysis.Pass, w *writes.Index, lit *ast.CompositeLit) bool {
	t := pass.TypesInfo.TypeOf(lit)
	if writes.IsEntityStruct(t) {
		return true
	}
	if !writes.IsStringMap(t) {
		return false
	}
	for _, e := range lit.Elts {
		if kv, ok := e.(*ast.KeyValueExpr); ok {
			if k, ok := w.ConstString(kv.Key); ok && (k == writes.PartitionKey || k == writes.RowKey) {
				return true
			}
		}
	}
	return false
}
