package ssabuild

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/passes/buildssa"
	"golang.org/x/tools/go/packages"
	"golang.org/x/tools/go/ssa"
)

// src imports a package that does not resolve (its uses have invalid
// types) and holds an undefined name.
const src = `package p

import pb "example.com/not/generated/pb"

type S struct {
	c    pb.Client
	name string
}

func (s *S) Name() string { return s.name }

func (s *S) Client() { s.c.Do() }

func good(a string) string { return a + "!" }

func bad() string { return pb.Name }

func badLit() func() {
	return func() { _ = pb.X }
}

func undefined() { notDefined() }

func badSig(x pb.T) string { return "x" }

func die() { panic("no") }

func stops(ok bool) string {
	if !ok {
		die()
	}
	return "a"
}

var fromPB = pb.New()

var plain = "x" + "y"

const k = pb.K

const k2 = "k2"

// logged logs through the package that did not import, in statements
// whose results nothing uses: those are left out, the rest is built.
func logged(a string, n int) string {
	pb.Debug("start", a)
	defer pb.Flush()
	out := a
	for i := 0; i < n; i++ {
		if i%2 == 0 {
			pb.Debug("even", i)
			out += "e"
		} else {
			out += "o"
		}
	}
	switch a {
	case "x":
		pb.Warn("x")
	default:
		out += "!"
	}
	return good(out)
}

// assigned uses a result of the package that did not import.
func assigned(a string) string {
	v := pb.Name
	return a + v
}

// literal holds the ill-typed statement in a function literal it keeps.
func literal(a string) func() {
	f := func() { pb.Debug(a) }
	return f
}
`

func check(t *testing.T, src string) *analysis.Pass {
	t.Helper()
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "p.go", src, 0)
	if err != nil {
		t.Fatal(err)
	}
	info := &types.Info{
		Types:        map[ast.Expr]types.TypeAndValue{},
		Defs:         map[*ast.Ident]types.Object{},
		Uses:         map[*ast.Ident]types.Object{},
		Selections:   map[*ast.SelectorExpr]*types.Selection{},
		Implicits:    map[ast.Node]types.Object{},
		Instances:    map[*ast.Ident]types.Instance{},
		Scopes:       map[ast.Node]*types.Scope{},
		FileVersions: map[*ast.File]string{},
	}
	conf := types.Config{
		Importer: importerFunc(func(path string) (*types.Package, error) { return nil, fmt.Errorf("no %s", path) }),
		Error:    func(error) {},
	}
	pkg, _ := conf.Check("p", fset, []*ast.File{f}, info)
	return &analysis.Pass{
		Fset: fset, Files: []*ast.File{f}, Pkg: pkg, TypesInfo: info,
		ExportObjectFact: func(types.Object, analysis.Fact) {},
		ImportObjectFact: func(types.Object, analysis.Fact) bool { return false },
	}
}

type importerFunc func(string) (*types.Package, error)

func (f importerFunc) Import(path string) (*types.Package, error) { return f(path) }

// TestIllTyped builds a package with type errors: the well-typed
// functions have bodies, the ill-typed ones are external (no blocks),
// the ill-typed initializer is left out and the package's own syntax is
// not modified.
func TestIllTyped(t *testing.T) {
	pass := check(t, src)
	printed := printFiles(pass)
	res, err := run(pass)
	if err != nil {
		t.Fatal(err)
	}
	s := res.(*buildssa.SSA)
	bodies := map[string]bool{}
	for _, fn := range s.SrcFuncs {
		bodies[fn.String()] = fn.Blocks != nil
	}
	want := map[string]bool{
		"(*p.S).Name": true, "(*p.S).Client": true, "p.good": true, "p.bad": false,
		"p.badLit": false, "p.undefined": true, "p.badSig": false, "p.die": true, "p.stops": true,
		"p.logged": true, "p.assigned": false, "p.literal": false,
	}
	for name, body := range want {
		got, ok := bodies[name]
		if !ok || got != body {
			t.Errorf("%s: listed %v, has a body %v; want listed with a body %v", name, ok, got, body)
		}
	}
	if len(bodies) != len(want) {
		t.Errorf("source functions %v; want %v (no literal of an ill-typed function)", bodies, want)
	}
	// logged keeps its loop, branches and the call of good, and calls
	// nothing else.
	for _, fn := range s.SrcFuncs {
		if fn.Name() != "logged" {
			continue
		}
		var text bytes.Buffer
		ssa.WriteFunction(&text, fn)
		var calls []string
		phis := 0
		for _, b := range fn.Blocks {
			for _, in := range b.Instrs {
				switch in := in.(type) {
				case *ssa.Call:
					calls = append(calls, in.Call.Value.Name())
				case *ssa.Phi:
					phis++
				}
			}
		}
		if len(calls) != 1 || calls[0] != "good" || phis < 2 {
			t.Errorf("logged calls %v with %d φ-nodes; want only good, and its loop's φ-nodes:\n%s", calls, phis, text.String())
		}
	}
	// die never returns: stops' call of it ends its block.
	for _, fn := range s.SrcFuncs {
		if fn.Name() != "stops" {
			continue
		}
		var text bytes.Buffer
		ssa.WriteFunction(&text, fn)
		for _, b := range fn.Blocks {
			for _, in := range b.Instrs {
				if c, ok := in.(*ssa.Call); ok && c.Call.StaticCallee() != nil && c.Call.StaticCallee().Name() == "die" {
					if _, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Panic); !ok {
						t.Errorf("the block of die() does not end in a panic:\n%s", text.String())
					}
				}
			}
		}
	}
	// The initializer of plain is built, that of fromPB is not.
	var init bytes.Buffer
	ssa.WriteFunction(&init, s.Pkg.Func("init"))
	if !strings.Contains(init.String(), `*plain = "xy"`) || strings.Contains(init.String(), "fromPB") {
		t.Errorf("package initializer:\n%s\nwant plain's initializer and not fromPB's", init.String())
	}
	if s.Pkg.Var("fromPB") == nil || s.Pkg.Const("k2") == nil || s.Pkg.Const("k") != nil {
		t.Errorf("members %v; want fromPB (declared), k2, not k (invalid)", s.Pkg.Members)
	}
	if got := printFiles(pass); got != printed {
		t.Errorf("pass.Files changed:\n%s\nwas\n%s", got, printed)
	}
}

// printFiles describes the declarations of the pass's files by
// identity: what a copy must leave as it is.
func printFiles(pass *analysis.Pass) string {
	var b strings.Builder
	for _, f := range pass.Files {
		for _, d := range f.Decls {
			fmt.Fprintf(&b, "%p", d)
			switch d := d.(type) {
			case *ast.FuncDecl:
				fmt.Fprintf(&b, " body %p", d.Body)
			case *ast.GenDecl:
				for _, s := range d.Specs {
					fmt.Fprintf(&b, " spec %p", s)
					if v, ok := s.(*ast.ValueSpec); ok {
						fmt.Fprintf(&b, " values %v", v.Values)
					}
				}
			}
			b.WriteString("\n")
		}
	}
	return b.String()
}

// TestWellTypedUnchanged checks the judgement of wellTyped on code
// without type errors, of every shape the standard library writes:
// nothing is left out, and the files and Info are the pass's own.
func TestWellTypedUnchanged(t *testing.T) {
	if testing.Short() {
		t.Skip("type-checks standard packages from source")
	}
	cfg := &packages.Config{Mode: packages.NeedName | packages.NeedSyntax | packages.NeedTypes | packages.NeedTypesInfo}
	pkgs, err := packages.Load(cfg, "net/http", "encoding/json", "go/types", "text/template", "slices", "iter", "sync/atomic", "internal/sync",
		"github.com/Azure/azure-sdk-for-go/sdk/data/aztables", "github.com/Azure/azure-sdk-for-go/sdk/azcore/runtime")
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range pkgs {
		if len(p.Errors) > 0 {
			t.Fatalf("%s: %v", p.PkgPath, p.Errors)
		}
		files, info := wellTyped(p.Types, p.Syntax, p.TypesInfo)
		if info != p.TypesInfo {
			t.Errorf("%s: Info copied (an initializer left out)", p.PkgPath)
			c := &typeCheck{info: p.TypesInfo}
			for _, in := range p.TypesInfo.InitOrder {
				if !c.expr(in.Rhs) || !c.vars(in.Lhs) {
					t.Errorf("%s: %v", p.Fset.Position(in.Rhs.Pos()), in)
				}
			}
		}
		for i, f := range files {
			if f == p.Syntax[i] {
				continue
			}
			for j, d := range f.Decls {
				if j >= len(p.Syntax[i].Decls) || d != p.Syntax[i].Decls[j] {
					c := &typeCheck{info: p.TypesInfo}
					t.Errorf("%s: declaration left out or changed (%s: %T)", p.Fset.Position(d.Pos()),
						p.Fset.Position(c.illTyped(p.Syntax[i].Decls[j]).Pos()), c.illTyped(p.Syntax[i].Decls[j]))
					break
				}
			}
		}
	}
}
