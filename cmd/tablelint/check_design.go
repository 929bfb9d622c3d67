package main

import (
	"errors"
	"go/ast"
	"go/token"
	"path/filepath"

	"golang.org/x/tools/go/analysis"

	"github.com/tablelint/tablelint/analyzers/designdrift"
	"github.com/tablelint/tablelint/internal/finding"
	"github.com/tablelint/tablelint/internal/report"
	"github.com/tablelint/tablelint/model"
)

// designCheck is what `check --design FILE` adds to check: a pass of the
// designdrift analyzer over the packages, outside the check cache (its
// findings depend on the design file, which the cache does not key on),
// and the design's unused declarations once every package is analysed.
// The cached run of the other analyzers leaves designdrift silent.
type designCheck struct {
	d    *model.Design
	name string // the design's path as given
	abs  string // the design's absolute path, for the analyzer
}

// startDesignCheck loads the design (a bad design is an input error: exit
// 2) and registers it with the pipeline, so that its findings and
// directives name it as given. With an empty path it returns nil.
func startDesignCheck(e *env, pl *pipeline, path string) (*designCheck, error) {
	if err := designdrift.Analyzer.Flags.Set("design", ""); err != nil {
		return nil, err
	}
	if path == "" {
		return nil, nil
	}
	abs, err := filepath.Abs(replayPath(e, path))
	if err != nil {
		return nil, err
	}
	d, err := designdrift.Load(abs)
	if err != nil {
		var me *model.Error
		if errors.As(err, &me) {
			return nil, err
		}
		return nil, unwrapPathError(err)
	}
	// Findings in the design name it as given, as review's do.
	pl.AddSource(path, string(d.Src))
	pl.Suppress.AddYAML(path, d.Src, d.Root)
	return &designCheck{d: d, name: path, abs: abs}, nil
}

// run loads the packages again, uncached, runs designdrift over them and
// returns its findings (deduplicated, generated files dropped unless
// o.includeGenerated, as checkPackages does) and the design's unused
// declarations. Packages that do not load were reported by the cached
// run; only the analyzer's own errors are returned here.
func (dc *designCheck) run(dir string, patterns []string, o checkOptions) ([]finding.Finding, []report.InputError, error) {
	if err := designdrift.Analyzer.Flags.Set("design", dc.abs); err != nil {
		return nil, nil, err
	}
	defer func() { _ = designdrift.Analyzer.Flags.Set("design", "") }()
	g, _, done, err := analyzeUncached(dir, patterns, o.tests, []*analysis.Analyzer{designdrift.Analyzer})
	if err != nil {
		return nil, nil, err
	}
	defer done()
	type key struct {
		file      string
		line, col int
		rule, msg string
	}
	seen := map[key]bool{}
	var out []finding.Finding
	var errs []report.InputError
	var results []*designdrift.Result
	for _, act := range g.Roots {
		if act.Err != nil {
			errs = append(errs, report.InputError{File: act.Package.PkgPath, Message: act.Analyzer.Name + ": " + act.Err.Error()})
			continue
		}
		if r, ok := act.Result.(*designdrift.Result); ok {
			results = append(results, r)
		}
		root := dir
		if m := act.Package.Module; m != nil && m.Dir != "" {
			root = m.Dir
		}
		generated := map[*token.File]bool{}
		for _, f := range act.Package.Syntax {
			if ast.IsGenerated(f) {
				generated[act.Package.Fset.File(f.FileStart)] = true
			}
		}
		for _, d := range act.Diagnostics {
			if generated[act.Package.Fset.File(d.Pos)] && !o.includeGenerated {
				continue
			}
			f, ok := toFinding(act.Package.Fset, d, root)
			if !ok {
				continue
			}
			k := key{f.File, f.Line, f.Col, f.Rule, f.Message}
			if seen[k] {
				continue
			}
			seen[k] = true
			if o.addSource != nil {
				if src, ok := readSource(f.File); ok {
					o.addSource(f.File, src)
				}
			}
			out = append(out, f)
		}
	}
	if len(results) > 0 {
		unused := designdrift.Unused(dc.d, results)
		for i := range unused {
			unused[i].File = dc.name
		}
		out = append(out, unused...)
	}
	return out, errs, nil
}
