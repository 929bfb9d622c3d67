package ssabuild

import (
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/cfg"
	"golang.org/x/tools/go/types/typeutil"
)

// noReturn is the fact that a function never returns.
type noReturn struct{}

// AFact marks noReturn as an analysis fact.
func (*noReturn) AFact() {}

func (*noReturn) String() string { return "never returns" }

// neverReturn names the functions known never to return whose bodies
// are not analysed (the standard library) or do not show it (loggers
// that exit through a hook): package path, then "Func" or
// "Type.Method" (the method of the type or of a pointer to it).
var neverReturn = map[string][]string{
	"os":                         {"Exit"},
	"syscall":                    {"Exit"},
	"runtime":                    {"Goexit"},
	"log":                        {"Fatal", "Fatalf", "Fatalln", "Panic", "Panicf", "Panicln", "Logger.Fatal", "Logger.Fatalf", "Logger.Fatalln", "Logger.Panic", "Logger.Panicf", "Logger.Panicln"},
	"testing":                    {"common.FailNow", "common.Fatal", "common.Fatalf", "common.SkipNow", "common.Skip", "common.Skipf"},
	"go.uber.org/zap":            {"Logger.Fatal", "Logger.Panic", "SugaredLogger.Fatal", "SugaredLogger.Fatalf", "SugaredLogger.Fatalw", "SugaredLogger.Panic", "SugaredLogger.Panicf", "SugaredLogger.Panicw"},
	"github.com/sirupsen/logrus": {"Logger.Exit", "Logger.Panic", "Logger.Panicf", "Logger.Panicln", "Entry.Panicf", "Entry.Panicln"},
	"k8s.io/klog":                {"Exit", "ExitDepth", "Exitf", "Exitln", "Fatal", "FatalDepth", "Fatalf", "Fatalln"},
	"k8s.io/klog/v2":             {"Exit", "ExitDepth", "Exitf", "Exitln", "Fatal", "FatalDepth", "Fatalf", "Fatalln"},
}

// known reports whether fn is in neverReturn.
func known(fn *types.Func) bool {
	if fn.Pkg() == nil {
		return false
	}
	names, ok := neverReturn[fn.Pkg().Path()]
	if !ok {
		return false
	}
	name := fn.Name()
	if recv := fn.Signature().Recv(); recv != nil {
		t := recv.Type()
		if p, ok := t.(*types.Pointer); ok {
			t = p.Elem()
		}
		n, ok := types.Unalias(t).(*types.Named)
		if !ok {
			return false
		}
		name = n.Obj().Name() + "." + name
	}
	for _, n := range names {
		if n == name {
			return true
		}
	}
	return false
}

// noReturns decides which functions called in files never return:
// those named in neverReturn, those of other packages with the fact,
// and those of this package whose body never reaches its end nor a
// return (through calls of the others). It exports the fact for the
// last. A function left without a body (ill-typed) may return.
func noReturns(pass *analysis.Pass, files []*ast.File, info *types.Info) map[*types.Func]bool {
	n := &noReturnSet{pass: pass, info: info, decls: map[*types.Func]*ast.FuncDecl{}, state: map[*types.Func]int{}, out: map[*types.Func]bool{}}
	var order []*types.Func
	for _, f := range files {
		for _, d := range f.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok {
				if fn, ok := info.Defs[fd.Name].(*types.Func); ok {
					n.decls[fn] = fd
					order = append(order, fn)
				}
			}
		}
	}
	for _, fn := range order {
		n.decide(fn)
	}
	// Calls inside function literals (and in initializers) may name
	// functions of other packages no declaration calls: the builder
	// asks about them too.
	for _, f := range files {
		ast.Inspect(f, func(node ast.Node) bool {
			if call, ok := node.(*ast.CallExpr); ok {
				n.mayReturn(call)
			}
			return true
		})
	}
	return n.out
}

type noReturnSet struct {
	pass  *analysis.Pass
	info  *types.Info
	decls map[*types.Func]*ast.FuncDecl
	// state: 0 not seen, 1 being decided (a cycle: may return), 2 decided.
	state map[*types.Func]int
	out   map[*types.Func]bool
}

// decide settles whether fn, declared in this package, never returns.
func (n *noReturnSet) decide(fn *types.Func) {
	if n.state[fn] != 0 {
		return
	}
	n.state[fn] = 1
	never := known(fn)
	if d := n.decls[fn]; !never && d.Body != nil {
		never = cfg.New(d.Body, n.mayReturn).NoReturn()
	}
	n.state[fn] = 2
	if never {
		n.out[fn] = true
		n.pass.ExportObjectFact(fn, new(noReturn))
	}
}

// mayReturn reports whether call may return (for cfg.New).
func (n *noReturnSet) mayReturn(call *ast.CallExpr) bool {
	if id, ok := ast.Unparen(call.Fun).(*ast.Ident); ok {
		if b, ok := n.info.Uses[id].(*types.Builtin); ok && b.Name() == "panic" {
			return false
		}
	}
	fn := typeutil.StaticCallee(n.info, call)
	if fn == nil {
		return true
	}
	if _, ok := n.decls[fn]; ok {
		n.decide(fn)
		return !n.out[fn]
	}
	if never, ok := n.out[fn]; ok {
		return !never
	}
	never := known(fn) || (fn.Pkg() != n.pass.Pkg && n.pass.ImportObjectFact(fn, new(noReturn)))
	n.out[fn] = never
	return !never
}
