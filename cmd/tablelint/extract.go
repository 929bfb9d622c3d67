package main

import (
	"errors"
	"flag"
	"fmt"
	"go/token"
	"io"
	"path/filepath"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/packages"

	"github.com/tablelint/tablelint/analyzers/extract"
	"github.com/tablelint/tablelint/internal/report"
	"github.com/tablelint/tablelint/model"
)

func init() {
	register(&command{
		name:    "extract",
		usage:   "extract [flags] [PATTERNS]",
		summary: "write the table design Go code implements (tables, entity types, key templates, queries) as a design file for review",
		run:     runExtract,
	})
}

func runExtract(e *env, args []string) int {
	fs := newFlagSet(e, commands["extract"], nil)
	out := fs.String("o", "", "write the design to this file (replaced atomically) instead of stdout")
	tests := fs.Bool("tests", false, "also read test files")
	pos, err := parseInterspersed(fs, args)
	if errors.Is(err, flag.ErrHelp) {
		return 0
	}
	if err != nil {
		return 2
	}
	if len(pos) == 0 {
		pos = []string{"./..."}
	}
	var o *outputFile // nil: stdout
	if *out != "" {
		path := replayPath(e, *out)
		if err := checkOutputs(nil, map[string]string{"-o": path}); err != nil {
			return fail(e, err)
		}
		if o, err = createOutput(path); err != nil {
			return fail(e, err)
		}
		defer o.abort()
	}
	results, fset, errs, err := extractPackages(e.dir, pos, *tests)
	if err != nil {
		return fail(e, err)
	}
	for _, ie := range errs {
		fmt.Fprintf(e.stderr, "tablelint: %s\n", report.EscapeControl(ie.String()))
	}
	base, _ := filepath.Abs(e.dir)
	d := extract.Build(results, func(p token.Pos) string {
		position := fset.Position(p)
		name := position.Filename
		if rel, err := filepath.Rel(base, name); err == nil && !strings.HasPrefix(rel, "..") {
			name = filepath.ToSlash(rel)
		}
		return fmt.Sprintf("%s:%d", name, position.Line)
	})
	header := "Extracted by: tablelint extract " + strings.Join(args, " ")
	text, err := d.Valid(header, func(src []byte) (int, error) {
		_, err := model.Parse("extracted.tablelint.yaml", src)
		var me *model.Error
		if errors.As(err, &me) {
			return me.Line, errors.New(me.Msg)
		}
		return 0, err
	})
	if err != nil {
		return fail(e, fmt.Errorf("internal error: %v", err))
	}
	if o == nil {
		if _, err := io.WriteString(e.stdout, text); err != nil {
			return fail(e, err)
		}
		return 0
	}
	if _, err := io.WriteString(o.f, text); err != nil {
		return fail(e, err)
	}
	if err := o.commit(); err != nil {
		return fail(e, err)
	}
	return 0
}

// extractPackages loads the packages matching patterns in dir and runs
// the extract analyzer (and only what it requires) over those that load
// and type-check, outside check's cache (which keeps findings, not
// results). Packages that do not are returned as input errors.
func extractPackages(dir string, patterns []string, tests bool) ([]*extract.Result, *token.FileSet, []report.InputError, error) {
	g, errs, done, err := analyzeUncached(dir, patterns, tests, []*analysis.Analyzer{extract.Analyzer})
	if err != nil {
		return nil, nil, nil, err
	}
	defer done()
	var out []*extract.Result
	var fset *token.FileSet
	seen := map[string]bool{} // a package and its test variant: once
	analysed := 0
	for _, act := range g.Roots {
		if act.Err != nil {
			errs = append(errs, report.InputError{File: act.Package.PkgPath, Message: act.Analyzer.Name + ": " + act.Err.Error()})
			continue
		}
		analysed++
		if x, ok := act.Result.(*extract.Result); ok {
			fset = act.Package.Fset
			out = append(out, dedupe(x, act.Package, seen))
		}
	}
	if analysed == 0 {
		return nil, nil, nil, noneAnalysed(errs)
	}
	if fset == nil {
		fset = token.NewFileSet()
	}
	return out, fset, errs, nil
}

// dedupe drops what a package's test variant repeats of the package.
func dedupe(r *extract.Result, p *packages.Package, seen map[string]bool) *extract.Result {
	at := func(pos token.Pos, extra ...string) bool {
		k := p.Fset.Position(pos).String() + strings.Join(extra, "\x00")
		if seen[k] {
			return false
		}
		seen[k] = true
		return true
	}
	out := &extract.Result{Tables: r.Tables}
	for _, e := range r.Entities {
		if at(e.Pos) {
			out.Entities = append(out.Entities, e)
		}
	}
	for _, q := range r.Queries {
		if at(q.Pos, q.Filter) {
			out.Queries = append(out.Queries, q)
		}
	}
	for _, x := range r.Transactions {
		if at(x.Pos) {
			out.Transactions = append(out.Transactions, x)
		}
	}
	return out
}
