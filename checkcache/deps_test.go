package checkcache

import (
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"slices"
	"testing"
)

// TestSetDepsAsGoList: the Deps setDeps derives from Imports are go
// list's own, package by package: on a module with test variants, an
// import that does not resolve, a test that imports its own package
// (an import cycle) and the standard library (cgo's "C" in net's
// Imports), and on this package's own graph.
func TestSetDepsAsGoList(t *testing.T) {
	dir := t.TempDir()
	write := func(name, src string) { writeFile(t, dir, name, src) }
	write("go.mod", "module example.com/m\n\ngo 1.22\n")
	write("a/a.go", "package a\n\nimport _ \"net\"\n\nfunc A() {}\n")
	write("b/b.go", "package b\n\nimport (\n\t\"example.com/m/a\"\n\t_ \"example.com/m/missing\"\n)\n\nfunc B() { a.A() }\n")
	write("b/b_test.go", "package b\n\nimport \"testing\"\n\nfunc TestB(t *testing.T) { B() }\n")
	write("c/c.go", "package c\n\nimport \"example.com/m/b\"\n\nfunc C() { b.B() }\n")
	write("c/c_ext_test.go", "package c_test\n\nimport (\n\t\"testing\"\n\n\t\"example.com/m/c\"\n)\n\nfunc TestC(t *testing.T) { c.C() }\n")
	write("self/s.go", "package self\n\nfunc S() {}\n")
	write("self/s_test.go", "package self\n\nimport (\n\t\"testing\"\n\n\t_ \"example.com/m/self\"\n)\n\nfunc TestS(t *testing.T) {}\n")
	wd, _ := os.Getwd()
	for _, c := range []struct{ dir, pattern string }{{dir, "./a/..."}, {dir, "./b"}, {dir, "./..."}, {wd, "."}} {
		got, err := goList(c.dir, []string{c.pattern}, true, nil)
		if err != nil {
			t.Fatal(err)
		}
		cmd := exec.Command("go", "list", "-e", "-export", "-compiled", "-deps", "-test", "-json=ImportPath,Deps", "--", c.pattern)
		cmd.Dir = c.dir
		out, err := cmd.Output()
		if err != nil {
			t.Fatal(err)
		}
		var want []*listPkg
		for dec := json.NewDecoder(bytes.NewReader(out)); dec.More(); {
			p := new(listPkg)
			if err := dec.Decode(p); err != nil {
				t.Fatal(err)
			}
			want = append(want, p)
		}
		if len(got) != len(want) {
			t.Fatalf("%s: %d packages, %d with Deps", c.pattern, len(got), len(want))
		}
		for i, p := range got {
			if p.ImportPath != want[i].ImportPath || !slices.Equal(p.Deps, want[i].Deps) {
				t.Errorf("%s: %s: Deps %v; go list: %s %v", c.pattern, p.ImportPath, p.Deps, want[i].ImportPath, want[i].Deps)
			}
		}
	}
}
