package directives

import (
	_ "embed"
	"go/token"
	"path/filepath"
	"reflect"
	"sync"

	"golang.org/x/tools/go/analysis"

	"github.com/tablelint/tablelint/analyzers/internal/docs"
	"github.com/tablelint/tablelint/internal/suppress"
)

//go:embed doc.go
var doc string

// Analyzer parses a package's directives (its Result) and reports
// malformed ones.
var Analyzer = &analysis.Analyzer{
	Name:             "directives",
	Doc:              docs.MustExtract(doc, "directives"),
	URL:              "https://pkg.go.dev/github.com/tablelint/tablelint/analyzers/directives",
	ResultType:       reflect.TypeFor[*Result](),
	Run:              run,
	RunDespiteErrors: true,
}

// Result is a package's directives. Analyzers of the same package run in
// parallel and share it: Suppress is safe for concurrent use.
type Result struct {
	fset   *token.FileSet
	mu     sync.Mutex
	byFile map[string][]*suppress.Directive
	all    []*suppress.Directive
}

// Directives returns the package's directives in source order. Each
// records the findings it suppressed; read them once the analyzers of
// the package have finished.
func (r *Result) Directives() []*suppress.Directive { return r.all }

// Suppress reports whether a directive covers d (a diagnostic whose
// Category is a rule ID), and records the use.
func (r *Result) Suppress(d analysis.Diagnostic) bool {
	if r == nil || d.Category == "" {
		return false
	}
	p := r.fset.Position(d.Pos)
	ds := r.byFile[filepath.Clean(p.Filename)]
	if len(ds) == 0 {
		return false
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	hit := false
	for _, dir := range ds {
		if dir.Covers(d.Category, p.Line) {
			dir.Use(d.Category, p.Line, p.Column, d.Message)
			hit = true
		}
	}
	return hit
}

func run(pass *analysis.Pass) (any, error) {
	r := &Result{fset: pass.Fset, byFile: map[string][]*suppress.Directive{}}
	for _, f := range pass.Files {
		tf := pass.Fset.File(f.FileStart)
		for _, d := range suppress.FileDirectives(pass.Fset, f) {
			d.Reported = true
			key := filepath.Clean(d.File)
			r.byFile[key] = append(r.byFile[key], d)
			r.all = append(r.all, d)
			if id, msg, bad := d.Malformed(); bad && tf != nil {
				pos := tf.LineStart(d.Line) + token.Pos(d.Col-1)
				pass.Report(analysis.Diagnostic{Pos: pos, Category: id, Message: msg})
			}
		}
	}
	return r, nil
}
