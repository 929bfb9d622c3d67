package main

import (
	"errors"
	"flag"
	"fmt"
	"go/ast"
	"go/token"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"

	"github.com/tablelint/tablelint/analyzers/all"
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
	gen := fs.Bool("include-generated", false, "also report findings in generated files (// Code generated … DO NOT EDIT.)")
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
	opts := checkOptions{tests: *tests, includeGenerated: *gen, addFiles: pl.Suppress.AddGo,
		skipped: func(line string) { fmt.Fprintf(e.stderr, "tablelint: %s\n", line) }}
	fds, err := checkPackages(e.dir, pos, opts)
	if err != nil {
		return fail(e, err)
	}
	return pl.finish(report.Result{Findings: fds})
}

// checkOptions configures checkPackages.
type checkOptions struct {
	// tests also loads test files.
	tests bool
	// includeGenerated keeps findings in generated files.
	includeGenerated bool
	// addFiles, if not nil, is given every analyzed package's syntax, so
	// that suppression directives in it can be collected.
	addFiles func(*token.FileSet, []*ast.File)
	// skipped, if not nil, is told of each package that could not be
	// analysed, one line each ("pkg: (compile) msg").
	skipped func(line string)
}

// checkPackages loads the packages matching patterns in dir, runs every
// analyzer over each package that loads and type-checks and returns the
// findings, deduplicated (a file compiled into a package and its test
// variant is reported once) with paths relative to dir by the pipeline.
// A package that does not load is told to o.skipped and the others are
// analysed; it is an error only when no package could be analysed.
func checkPackages(dir string, patterns []string, o checkOptions) ([]finding.Finding, error) {
	analyzers := all.Analyzers()
	for _, a := range analyzers {
		if f := a.Flags.Lookup("info"); f != nil {
			_ = a.Flags.Set("info", "true") // check reports info findings; --fail-on decides
		}
	}
	cfg := &packages.Config{
		Mode:  packages.LoadAllSyntax | packages.NeedModule,
		Dir:   dir,
		Tests: o.tests,
	}
	pkgs, err := packages.Load(cfg, patterns...)
	if err != nil {
		return nil, fmt.Errorf("loading packages: %v", err)
	}
	if len(pkgs) == 0 {
		return nil, fmt.Errorf("no packages match %s", strings.Join(patterns, " "))
	}
	var skipped []string
	skip := func(p *packages.Package, msg string) {
		skipped = append(skipped, fmt.Sprintf("%s: (compile) %s", p.ID, oneLine(msg)))
	}
	flush := func() {
		for _, l := range skipped {
			if o.skipped != nil {
				o.skipped(l)
			}
		}
		skipped = nil
	}
	// Analyse every root that loaded and type-checked; report the others.
	var good []*packages.Package
	broken := loadErrors(pkgs)
	for _, p := range pkgs {
		if msg := broken[p]; msg != "" {
			skip(p, msg)
			continue
		}
		good = append(good, p)
	}
	if len(good) == 0 {
		if len(skipped) == 1 {
			return nil, errors.New(skipped[0])
		}
		flush()
		return nil, errors.New("no package could be analysed")
	}
	done, err := all.WholeProgram(good)
	if err != nil {
		return nil, err
	}
	defer done()
	g, err := checker.Analyze(analyzers, good, nil)
	if err != nil {
		return nil, err
	}
	type key struct {
		file      string
		line, col int
		rule, msg string
	}
	seen := map[key]bool{}
	added := map[*packages.Package]bool{}
	var out []finding.Finding
	analysed := 0
	for _, act := range g.Roots {
		if act.Err != nil {
			skip(act.Package, act.Err.Error())
			continue
		}
		analysed++
		if o.addFiles != nil && !added[act.Package] {
			added[act.Package] = true
			o.addFiles(act.Package.Fset, act.Package.Syntax)
		}
		generated := map[*token.File]bool{}
		if !o.includeGenerated {
			for _, f := range act.Package.Syntax {
				if ast.IsGenerated(f) {
					generated[act.Package.Fset.File(f.FileStart)] = true
				}
			}
		}
		for _, d := range act.Diagnostics {
			if len(generated) > 0 && generated[act.Package.Fset.File(d.Pos)] {
				continue
			}
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
	flush()
	if analysed == 0 {
		return nil, errors.New("no package could be analysed")
	}
	return out, nil
}

// loadErrors returns, for each package in the import graph of pkgs that
// cannot be analysed, the first error that keeps it from being analysed:
// its own load, parse or type error, or a dependency's.
func loadErrors(pkgs []*packages.Package) map[*packages.Package]string {
	out := map[*packages.Package]string{}
	packages.Visit(pkgs, nil, func(p *packages.Package) {
		// Post-order: every import is decided before p.
		switch {
		case len(p.Errors) > 0:
			out[p] = p.Errors[0].Error()
		case p.IllTyped:
			out[p] = "does not type-check"
		default:
			for _, imp := range p.Imports {
				if msg, bad := out[imp]; bad {
					if !strings.HasPrefix(msg, "dependency ") {
						msg = fmt.Sprintf("dependency %s: %s", imp.PkgPath, msg)
					}
					out[p] = msg
					break
				}
			}
		}
	})
	return out
}

// oneLine returns the first line of msg.
func oneLine(msg string) string {
	msg = strings.TrimSpace(msg)
	if i := strings.IndexByte(msg, '\n'); i >= 0 {
		msg = msg[:i]
	}
	return msg
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
