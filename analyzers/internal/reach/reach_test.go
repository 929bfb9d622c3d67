package reach

import (
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"os"
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis"
)

// TestSkip: a package that does not reach the SDK is skipped in the
// standard library and in a versioned module, not in the module being
// analysed; a package that reaches it is never skipped.
func TestSkip(t *testing.T) {
	for _, c := range []struct {
		name    string
		path    string
		imports []string
		module  *analysis.Module
		reaches bool
		skip    bool
	}{
		{"versioned module, no SDK", "example.com/lib/strs", []string{"strings"}, &analysis.Module{Path: "example.com/lib", Version: "v1.2.0"}, false, true},
		{"versioned module, imports the SDK", "example.com/lib/tables", []string{"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"}, &analysis.Module{Path: "example.com/lib", Version: "v1.2.0"}, true, false},
		{"versioned module, imports the legacy SDK vendored", "example.com/lib/old", []string{"example.com/lib/vendor/github.com/Azure/azure-sdk-for-go/storage"}, &analysis.Module{Path: "example.com/lib", Version: "v1.2.0"}, true, false},
		{"the module analysed, no SDK", "example.com/app/filterstr", []string{"strings"}, &analysis.Module{Path: "example.com/app"}, false, false},
		{"no module information", "example.com/app/filterstr", []string{"strings"}, nil, false, false},
		{"an SDK package", "github.com/Azure/azure-sdk-for-go/sdk/data/aztables", nil, &analysis.Module{Path: "github.com/Azure/azure-sdk-for-go/sdk/data/aztables", Version: "v1.4.0"}, true, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			pkg := types.NewPackage(c.path, "p")
			var imps []*types.Package
			for _, p := range c.imports {
				imps = append(imps, types.NewPackage(p, "q"))
			}
			pkg.SetImports(imps)
			exported := false
			pass := &analysis.Pass{Analyzer: Analyzer, Fset: token.NewFileSet(), Pkg: pkg, Module: c.module,
				ImportPackageFact: func(*types.Package, analysis.Fact) bool { return false },
				ExportPackageFact: func(analysis.Fact) { exported = true }}
			res, err := run(pass)
			if err != nil {
				t.Fatal(err)
			}
			r := res.(*Result)
			if r.Skip != c.skip {
				t.Errorf("Skip %v, want %v", r.Skip, c.skip)
			}
			if r.Reaches != c.reaches || exported != c.reaches {
				t.Errorf("Reaches %v, fact exported %v, want %v", r.Reaches, exported, c.reaches)
			}
		})
	}
}

// TestStdWithoutGOROOT: a binary that does not know GOROOT (built with
// -trimpath) still tells the standard library from its files' paths: a
// root whose src/go.mod is module std; a GOPATH-like root is not one.
func TestStdWithoutGOROOT(t *testing.T) {
	saved := goroot
	goroot = ""
	defer func() { goroot = saved }()
	root := t.TempDir()
	for _, c := range []struct {
		name   string
		gomod  string
		module *analysis.Module
		want   bool
	}{
		{"goroot", "// comment\nmodule std\n\ngo 1.26\n", &analysis.Module{}, true},
		{"goroot, nil module", "module std\n", nil, true},
		{"gopath", "", &analysis.Module{}, false},
		{"other module", "module example.com/x\n", &analysis.Module{}, false},
		{"module named", "module std\n", &analysis.Module{Path: "example.com/x"}, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			dir := filepath.Join(root, c.name)
			if c.gomod != "" {
				if err := os.MkdirAll(filepath.Join(dir, "src"), 0o777); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(filepath.Join(dir, "src", "go.mod"), []byte(c.gomod), 0o666); err != nil {
					t.Fatal(err)
				}
			}
			fset := token.NewFileSet()
			// A cgo-generated file first, elsewhere; then the package's own.
			gen, err := parser.ParseFile(fset, filepath.Join(root, "cache", "_cgo_gotypes.go"), "package user\n", 0)
			if err != nil {
				t.Fatal(err)
			}
			own, err := parser.ParseFile(fset, filepath.Join(dir, "src", "os", "user", "user.go"), "package user\n", 0)
			if err != nil {
				t.Fatal(err)
			}
			pass := &analysis.Pass{Fset: fset, Files: []*ast.File{gen, own}, Pkg: types.NewPackage("os/user", "user"), Module: c.module}
			if got := Std(pass); got != c.want {
				t.Errorf("Std = %v, want %v", got, c.want)
			}
		})
	}
}
