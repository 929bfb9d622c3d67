package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// TestVetSkippable: which go vet units the driver skips before loading
// any type (vetskip.go).
func TestVetSkippable(t *testing.T) {
	needs := []string{"github.com/Azure/azure-sdk-for-go/sdk/data/aztables", "github.com/Azure/azure-sdk-for-go/storage"}
	sizes := map[string]int64{"empty.vetx": 0, "facts.vetx": 120}
	size := func(name string) int64 {
		if n, ok := sizes[name]; ok {
			return n
		}
		return -1
	}
	const ver = "v1.0.0"
	for _, c := range []struct {
		name string
		u    vetUnit
		skip bool
	}{
		{"standard library, imports without facts", vetUnit{ImportPath: "net/http",
			ImportMap: map[string]string{"io": "io", "unsafe": "unsafe"}, PackageVetx: map[string]string{"io": "empty.vetx"}}, true},
		{"standard library leaf", vetUnit{ImportPath: "errors"}, true},
		{"versioned module that cannot reach the SDK", vetUnit{ImportPath: "example.com/lib/strs", ModulePath: "example.com/lib", ModuleVersion: ver,
			ImportMap: map[string]string{"strings": "strings"}, PackageVetx: map[string]string{"strings": "empty.vetx"}}, true},
		{"the SDK itself", vetUnit{ImportPath: needs[0], ModulePath: needs[0], ModuleVersion: ver}, false},
		{"a package of the SDK", vetUnit{ImportPath: needs[0] + "/internal/x", ModulePath: needs[0], ModuleVersion: ver}, false},
		{"imports the SDK", vetUnit{ImportPath: "example.com/wrap", ModulePath: "example.com/wrap", ModuleVersion: ver,
			ImportMap: map[string]string{"aztables": needs[0]}, PackageVetx: map[string]string{needs[0]: "empty.vetx"}}, false},
		{"imports a vendored SDK", vetUnit{ImportPath: "example.com/wrap", ModulePath: "example.com/wrap", ModuleVersion: ver,
			ImportMap: map[string]string{needs[1]: "example.com/wrap/vendor/" + needs[1]}}, false},
		{"imports a package with facts (it reaches the SDK)", vetUnit{ImportPath: "example.com/wrap2", ModulePath: "example.com/wrap2", ModuleVersion: ver,
			ImportMap: map[string]string{"example.com/wrap": "example.com/wrap"}, PackageVetx: map[string]string{"example.com/wrap": "facts.vetx"}}, false},
		{"a facts file that does not read", vetUnit{ImportPath: "example.com/lib/x", ModulePath: "example.com/lib", ModuleVersion: ver,
			ImportMap: map[string]string{"example.com/lib/y": "example.com/lib/y"}, PackageVetx: map[string]string{"example.com/lib/y": "missing.vetx"}}, false},
		{"the module being vetted: its helpers are summarised", vetUnit{ImportPath: "example.com/app/filterstr", ModulePath: "example.com/app",
			ImportMap: map[string]string{"strings": "strings"}, PackageVetx: map[string]string{"strings": "empty.vetx"}}, false},
		{"a module replaced by a directory", vetUnit{ImportPath: "example.com/sibling/util", ModulePath: "example.com/sibling"}, false},
		{"GOPATH-style path with a dot, no module", vetUnit{ImportPath: "example.com/old/util"}, false},
	} {
		if got := vetSkippable(&c.u, needs, size); got != c.skip {
			t.Errorf("%s: skip %v, want %v", c.name, got, c.skip)
		}
	}
}

// TestVetHelperSummaries: a filter built by a helper in a package of
// the module that does not import the SDK (testdata/vethelper/filterstr)
// is read through the helper's summary under go vet as under check: the
// scan is reported, the query by PartitionKey is not. Skipping the
// helper's package under go vet (as the standard library and versioned
// modules that cannot reach the SDK are skipped) loses the finding.
func TestVetHelperSummaries(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary and runs go vet")
	}
	wd, _ := os.Getwd()
	const pkg = "./testdata/vethelper/..."
	want := []string{"store.go:18:68: TL301"}
	check, _ := checkFindings(t, wd, pkg)
	if g := normalize(check); !slices.Equal(g, want) {
		t.Errorf("check findings:\n%s\nwant:\n%s", strings.Join(g, "\n"), strings.Join(want, "\n"))
	}
	bin := filepath.Join(t.TempDir(), "tablelint")
	if b, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("build: %v\n%s", err, b)
	}
	b, _ := exec.Command("go", "vet", "-vettool="+bin, pkg).CombinedOutput()
	line := regexp.MustCompile(`(?m)^(\S+\.go):(\d+):(\d+): (TL\d{3}): `)
	var vet []string
	for _, m := range line.FindAllStringSubmatch(string(b), -1) {
		vet = append(vet, m[1]+":"+m[2]+":"+m[3]+": "+m[4])
	}
	if g := normalize(vet); !slices.Equal(g, want) {
		t.Errorf("go vet findings:\n%s\nwant:\n%s\nvet output:\n%s", strings.Join(g, "\n"), strings.Join(want, "\n"), b)
	}
}
