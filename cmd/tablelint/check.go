package main

import (
	"errors"
	"flag"
	"fmt"
	"go/token"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"

	"github.com/tablelint/tablelint/analyzers/all"
	"github.com/tablelint/tablelint/analyzers/directives"
	"github.com/tablelint/tablelint/internal/finding"
	"github.com/tablelint/tablelint/internal/report"
	"github.com/tablelint/tablelint/internal/rules"
)

func init() {
	register(&command{
		name:    "check",
		usage:   "check [flags] [PATTERNS]",
		summary: "run the Go analyzers over packages (./... by default): table scans, filter injection, ignored continuations, key and batch mistakes",
		run:     runCheck,
	})
}

func runCheck(e *env, args []string) int {
	var cf commonFlags
	fs := newFlagSet(e, commands["check"], &cf)
	tests := fs.Bool("tests", true, "also analyze test files")
	pos, err := parseInterspersed(fs, args)
	if errors.Is(err, flag.ErrHelp) {
		return 0
	}
	if err != nil {
		return 2
	}
	pl, code := startPipeline(e, &cf, rules.GoCode)
	if pl == nil {
		return code
	}
	if len(pos) == 0 {
		pos = []string{"./..."}
	}
	fds, err := checkPackages(e.dir, pos, *tests, pl.AddGoDirectives)
	if err != nil {
		return fail(e, err)
	}
	return pl.finish(report.Result{Findings: fds})
}

// checkPackages loads the packages matching patterns in dir, runs every
// analyzer and returns the findings, deduplicated (a file compiled into a
// package and its test variant is reported once) with paths relative to
// dir by the pipeline. addDirectives, if not nil, is given every analyzed
// package's suppression directives (with the findings they suppressed).
func checkPackages(dir string, patterns []string, tests bool, addDirectives func(*directives.Result)) ([]finding.Finding, error) {
	analyzers := all.Analyzers()
	for _, a := range analyzers {
		if f := a.Flags.Lookup("info"); f != nil {
			_ = a.Flags.Set("info", "true") // check reports info findings; --fail-on decides
		}
	}
	cfg := &packages.Config{
		Mode:  packages.LoadAllSyntax | packages.NeedModule,
		Dir:   dir,
		Tests: tests,
	}
	pkgs, err := packages.Load(cfg, patterns...)
	if err != nil {
		return nil, fmt.Errorf("loading packages: %v", err)
	}
	if len(pkgs) == 0 {
		return nil, fmt.Errorf("no packages match %s", strings.Join(patterns, " "))
	}
	var loadErrs []string
	packages.Visit(pkgs, nil, func(p *packages.Package) {
		for _, err := range p.Errors {
			loadErrs = append(loadErrs, err.Error())
		}
	})
	if len(loadErrs) > 0 {
		msg := loadErrs[0]
		if len(loadErrs) > 1 {
			msg += fmt.Sprintf(" (and %d more errors)", len(loadErrs)-1)
		}
		return nil, errors.New(msg)
	}
	g, err := checker.Analyze(analyzers, pkgs, nil)
	if err != nil {
		return nil, err
	}
	type key struct {
		file      string
		line, col int
		rule, msg string
	}
	seen := map[key]bool{}
	var out []finding.Finding
	for _, act := range g.Roots {
		if act.Err != nil {
			return nil, fmt.Errorf("%s: %v", act, act.Err)
		}
		if r, ok := act.Result.(*directives.Result); ok && addDirectives != nil {
			addDirectives(r)
		}
		for _, d := range act.Diagnostics {
			f, ok := toFinding(act.Package.Fset, d)
			if !ok {
				continue
			}
			k := key{f.File, f.Line, f.Col, f.Rule, f.Message}
			if seen[k] {
				continue
			}
			seen[k] = true
			out = append(out, f)
		}
	}
	return out, nil
}

// toFinding converts a diagnostic into a finding with an absolute file
// path (the pipeline makes paths relative after matching suppressions).
func toFinding(fset *token.FileSet, d analysis.Diagnostic) (finding.Finding, bool) {
	// Analyzers put the rule ID in Category and prefix the message with it.
	id := d.Category
	msg := strings.TrimPrefix(d.Message, id+": ")
	r, ok := rules.Get(id)
	if !ok {
		return finding.Finding{}, false
	}
	f := finding.Finding{Rule: id, Severity: r.Severity, Message: msg}
	p := fset.Position(d.Pos)
	f.File, f.Line, f.Col = p.Filename, p.Line, p.Column
	if d.End.IsValid() {
		end := fset.Position(d.End)
		f.EndLine, f.EndCol = end.Line, end.Column
	}
	return f, true
}
