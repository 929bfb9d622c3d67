package ssabuild

import (
	"fmt"
	"go/ast"
	"go/types"
	"reflect"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/passes/buildssa"
	"golang.org/x/tools/go/ssa"

	"github.com/tablelint/tablelint/analyzers/internal/reach"
)

// Analyzer builds the SSA form of the package (see the package
// documentation); its result is a *buildssa.SSA.
var Analyzer = &analysis.Analyzer{
	Name:             "ssabuild",
	Doc:              "ssabuild: build the SSA form of a package, ill-typed parts left out (no diagnostics)",
	URL:              "https://pkg.go.dev/github.com/tablelint/tablelint/analyzers/internal/ssabuild",
	Requires:         []*analysis.Analyzer{reach.Analyzer},
	Run:              run,
	RunDespiteErrors: true,
	ResultType:       reflect.TypeOf((*buildssa.SSA)(nil)),
	FactTypes:        []analysis.Fact{new(noReturn)},
}

func run(pass *analysis.Pass) (any, error) {
	if reach.Skip(pass) {
		return &buildssa.SSA{}, nil
	}
	files, info := wellTyped(pass.Pkg, pass.Files, pass.TypesInfo)
	nr := noReturns(pass, files, info)
	return build(pass, files, info, nr)
}

// build creates and builds the SSA package of the well-typed files,
// turning a panic of the builder into an error: the analyzers that
// need SSA then do not run on the package, and the driver says so.
func build(pass *analysis.Pass, files []*ast.File, info *types.Info, nr map[*types.Func]bool) (s *buildssa.SSA, err error) {
	defer func() {
		if p := recover(); p != nil {
			s, err = nil, fmt.Errorf("building the SSA form of %s: %v", pass.Pkg.Path(), p)
		}
	}()
	prog := ssa.NewProgram(pass.Fset, 0)
	prog.SetNoReturn(func(f *types.Func) bool { return nr[f] })
	// The program holds one package per run: the analysis API gives no
	// place to share one between packages. Imports are created from
	// their types only.
	for _, imp := range pass.Pkg.Imports() {
		prog.CreatePackage(imp, nil, nil, true)
	}
	pkg := prog.CreatePackage(pass.Pkg, files, info, false)
	pkg.Build()
	var funcs []*ssa.Function
	var add func(f *ssa.Function)
	add = func(f *ssa.Function) {
		funcs = append(funcs, f)
		for _, lit := range f.AnonFuncs {
			add(lit)
		}
	}
	for _, f := range files {
		for _, d := range f.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok {
				continue
			}
			if fn := prog.FuncValue(info.Defs[fd.Name].(*types.Func)); fn != nil {
				add(fn)
			}
		}
	}
	return &buildssa.SSA{Pkg: pkg, SrcFuncs: funcs}, nil
}
