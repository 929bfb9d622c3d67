package rules

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// The surfaces (Targets) `tablelint rules` lists for a rule must be the
// surfaces whose code reports it. Where each surface's findings come from:
// its roots (directories, or single files, relative to the module root;
// "dir/..." is every package under dir) and every package of this module
// they import, transitively. The registry and the output packages, which
// name every rule without reporting any, are left out.
var surfaceRoots = map[Target][]string{
	GoCode: {"analyzers/...", "internal/suppress"},       // go vet / check; directives in Go files
	Design: {"review", "internal/suppress"},              // tablelint review; directives in YAML
	Filter: {"cmd/tablelint/explain.go"},                 // tablelint explain
	Replay: {"engine/replay", "cmd/tablelint/replay.go"}, // tablelint replay
}

var notReporters = []string{"internal/rules", "internal/finding", "internal/report", "internal/config"}

const modulePath = "github.com/tablelint/tablelint"

var ruleLit = regexp.MustCompile(`^TL[0-9]{3}$`)

// scanner collects the rule IDs Go source reports: string literals that
// are exactly a rule ID, outside comments and tests.
type scanner struct {
	root string
	fset *token.FileSet
	ids  map[string]map[string]bool // file → IDs
	imps map[string][]string        // file → module directories it imports
}

func (s *scanner) file(path string) error {
	if s.ids[path] != nil {
		return nil
	}
	f, err := parser.ParseFile(s.fset, filepath.Join(s.root, path), nil, parser.SkipObjectResolution)
	if err != nil {
		return err
	}
	ids := map[string]bool{}
	ast.Inspect(f, func(n ast.Node) bool {
		if lit, ok := n.(*ast.BasicLit); ok && lit.Kind == token.STRING {
			if v, err := strconv.Unquote(lit.Value); err == nil && ruleLit.MatchString(v) {
				ids[v] = true
			}
		}
		return true
	})
	s.ids[path] = ids
	for _, im := range f.Imports {
		p, _ := strconv.Unquote(im.Path.Value)
		if rel, ok := strings.CutPrefix(p, modulePath+"/"); ok {
			s.imps[path] = append(s.imps[path], rel)
		}
	}
	return nil
}

// goFiles returns the non-test Go files of the package in dir.
func (s *scanner) goFiles(dir string) ([]string, error) {
	ents, err := os.ReadDir(filepath.Join(s.root, dir))
	if err != nil {
		return nil, err
	}
	var out []string
	for _, e := range ents {
		if n := e.Name(); !e.IsDir() && strings.HasSuffix(n, ".go") && !strings.HasSuffix(n, "_test.go") {
			out = append(out, filepath.ToSlash(filepath.Join(dir, n)))
		}
	}
	return out, nil
}

// expand turns roots into files: a file, a package directory, or every
// package under "dir/..." (testdata excluded).
func (s *scanner) expand(roots []string) ([]string, error) {
	var files []string
	for _, r := range roots {
		switch {
		case strings.HasSuffix(r, ".go"):
			files = append(files, r)
		case strings.HasSuffix(r, "/..."):
			base := strings.TrimSuffix(r, "/...")
			err := filepath.WalkDir(filepath.Join(s.root, base), func(p string, d fs.DirEntry, err error) error {
				if err != nil || !d.IsDir() {
					return err
				}
				if d.Name() == "testdata" {
					return filepath.SkipDir
				}
				rel, _ := filepath.Rel(s.root, p)
				fs, err := s.goFiles(filepath.ToSlash(rel))
				files = append(files, fs...)
				return err
			})
			if err != nil {
				return nil, err
			}
		default:
			fs, err := s.goFiles(r)
			if err != nil {
				return nil, err
			}
			files = append(files, fs...)
		}
	}
	return files, nil
}

// reported returns the IDs the roots' files report directly, and those
// they report with the module packages they import.
func (s *scanner) reported(roots []string) (direct, all map[string]bool, err error) {
	files, err := s.expand(roots)
	if err != nil {
		return nil, nil, err
	}
	direct, all = map[string]bool{}, map[string]bool{}
	seenDir := map[string]bool{}
	queue := files
	for i := 0; i < len(queue); i++ {
		f := queue[i]
		if err := s.file(f); err != nil {
			return nil, nil, err
		}
		for id := range s.ids[f] {
			all[id] = true
			if i < len(files) {
				direct[id] = true
			}
		}
		for _, dir := range s.imps[f] {
			if seenDir[dir] || slices.Contains(notReporters, dir) {
				continue
			}
			seenDir[dir] = true
			fs, err := s.goFiles(dir)
			if err != nil {
				return nil, nil, err
			}
			queue = append(queue, fs...)
		}
	}
	return direct, all, nil
}

// TestTargetsMatchReporters fails when a rule lists a surface whose code
// never reports it, or when a surface's own code reports a rule that does
// not list it, so that `tablelint rules` cannot drift from the code.
func TestTargetsMatchReporters(t *testing.T) {
	s := &scanner{root: "../..", fset: token.NewFileSet(), ids: map[string]map[string]bool{}, imps: map[string][]string{}}
	direct, all := map[Target]map[string]bool{}, map[Target]map[string]bool{}
	for target, roots := range surfaceRoots {
		d, a, err := s.reported(roots)
		if err != nil {
			t.Fatal(err)
		}
		if len(a) == 0 {
			t.Fatalf("surface %s: no rule IDs found under %v", target, roots)
		}
		direct[target], all[target] = d, a
	}
	for _, r := range All() {
		for _, target := range r.Targets {
			if _, known := surfaceRoots[target]; !known {
				t.Errorf("%s lists surface %q, which has no reporters in surfaceRoots", r.ID, target)
				continue
			}
			if !all[target][r.ID] {
				t.Errorf("%s %s lists surface %q, but nothing under %v reports it", r.ID, r.Name, target, surfaceRoots[target])
			}
		}
		for target := range surfaceRoots {
			if direct[target][r.ID] && !slices.Contains(r.Targets, target) {
				t.Errorf("%s %s is reported under %v but does not list surface %q", r.ID, r.Name, surfaceRoots[target], target)
			}
		}
	}
	for target, ids := range all {
		for id := range ids {
			if _, ok := Get(id); !ok && direct[target][id] {
				t.Errorf("surface %s reports %s, which is not a registered rule", target, id)
			}
		}
	}
}
