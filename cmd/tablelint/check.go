package main

import (
	"errors"
	"flag"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"strconv"
	"strings"
	"sync"

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
	gen := fs.Bool("include-generated", false, "also report findings in generated files (// Code generated … DO NOT EDIT.)")
	design := fs.String("design", "", "compare the code with this design file: undeclared queries (TL519), keys and types unlike the design's (TL520), unused declarations (TL521)")
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
	opts := checkOptions{tests: *tests, includeGenerated: *gen, addDirectives: pl.AddGoDirectives, addSource: pl.AddSource}
	dc, err := startDesignCheck(e, pl, *design, &opts)
	if err != nil {
		return fail(e, err)
	}
	fds, errs, err := checkPackages(e.dir, pos, opts)
	if err != nil {
		return pl.abort("", err)
	}
	fds = append(fds, dc.unused()...)
	// Packages that could not be analysed are reported, but as
	// staticcheck does, they fail the run (exit 2) only when nothing
	// else could be analysed: checkPackages returns err then.
	pl.partialInputs = true
	return pl.finish(report.Result{Findings: fds, Errors: errs})
}

// checkOptions configures checkPackages.
type checkOptions struct {
	// tests also loads test files.
	tests bool
	// includeGenerated keeps findings in generated files.
	includeGenerated bool
	// addDirectives, if not nil, is given every analyzed package's
	// suppression directives (with the findings they suppressed).
	addDirectives func(*directives.Result)
	// addSource, if not nil, is given every Go file's content as parsed.
	addSource func(file, src string)
	// addResult, if not nil, is given every analyzed package's result of
	// every analyzer.
	addResult func(a *analysis.Analyzer, pkg *packages.Package, result any)
	// analyzers, if not nil, replaces all.Analyzers() (extract runs one).
	analyzers []*analysis.Analyzer
}

// checkPackages loads the packages matching patterns in dir, runs every
// analyzer over each package that loads and type-checks, and returns the
// findings, deduplicated (a file compiled into a package and its test
// variant is reported once) with paths relative to dir by the pipeline.
//
// A package that does not load or type-check is not analysed: its errors
// are returned as input errors, one per problem, marked "(compile)", and
// the other packages are analysed all the same. err is for failures that
// stop everything: go list cannot run, no package matches, or no package
// could be analysed.
//
// Findings in generated files (// Code generated … DO NOT EDIT.) are
// dropped unless o.includeGenerated.
//
// A finding whose position a //line directive moves outside the module
// is reported where it is in the file that holds it: the report never
// names, nor opens, a path the analysed code chose.
func checkPackages(dir string, patterns []string, o checkOptions) ([]finding.Finding, []report.InputError, error) {
	analyzers := all.Analyzers()
	if o.analyzers != nil {
		analyzers = o.analyzers
	}
	for _, a := range analyzers {
		if f := a.Flags.Lookup("info"); f != nil {
			_ = a.Flags.Set("info", "true") // check reports info findings; --fail-on decides
		}
	}
	var mu sync.Mutex
	cfg := &packages.Config{
		Mode:  packages.LoadAllSyntax | packages.NeedModule,
		Dir:   dir,
		Tests: o.tests,
		ParseFile: func(fset *token.FileSet, filename string, src []byte) (*ast.File, error) {
			if o.addSource != nil {
				mu.Lock()
				o.addSource(filename, string(src))
				mu.Unlock()
			}
			return parser.ParseFile(fset, filename, src, parser.AllErrors|parser.ParseComments)
		},
	}
	pkgs, err := packages.Load(cfg, patterns...)
	if err != nil {
		return nil, nil, fmt.Errorf("loading packages: %v", err)
	}
	if len(pkgs) == 0 {
		return nil, nil, fmt.Errorf("no packages match %s", strings.Join(patterns, " "))
	}
	loadErrs := packageErrors(pkgs)
	// Analyse every root that loaded and type-checked, and whose
	// dependencies did; the others are in loadErrs.
	broken := loadErrors(pkgs)
	var good []*packages.Package
	for _, p := range pkgs {
		if broken[p] == "" {
			good = append(good, p)
		}
	}
	if len(good) == 0 {
		return nil, nil, noneAnalysed(loadErrs)
	}
	done, err := all.WholeProgram(good)
	if err != nil {
		return nil, nil, err
	}
	defer done()
	g, err := checker.Analyze(analyzers, good, nil)
	if err != nil {
		return nil, nil, err
	}
	type key struct {
		file      string
		line, col int
		rule, msg string
	}
	seen := map[key]bool{}
	var out []finding.Finding
	analysed := 0
	for _, act := range g.Roots {
		if act.Err != nil {
			loadErrs = append(loadErrs, report.InputError{File: act.Package.PkgPath, Message: fmt.Sprintf("%s: %v", act.Analyzer.Name, act.Err)})
			continue
		}
		analysed++
		if r, ok := act.Result.(*directives.Result); ok && o.addDirectives != nil {
			o.addDirectives(r)
		}
		if o.addResult != nil {
			o.addResult(act.Analyzer, act.Package, act.Result)
		}
		root := dir
		if act.Package.Module != nil && act.Package.Module.Dir != "" {
			root = act.Package.Module.Dir
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
			f, ok := toFinding(act.Package.Fset, d, root)
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
	if analysed == 0 {
		return nil, nil, noneAnalysed(loadErrs)
	}
	return out, loadErrs, nil
}

// noneAnalysed is the error when no package could be analysed: the one
// problem when there is one, else a count (each problem is on stderr).
func noneAnalysed(errs []report.InputError) error {
	switch len(errs) {
	case 0:
		return errors.New("no package could be analysed")
	case 1:
		return errors.New(errs[0].String())
	}
	return fmt.Errorf("no package could be analysed (%d problems: %s, …)", len(errs), errs[0].String())
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
					out[p] = msg
					break
				}
			}
		}
	})
	return out
}

// packageErrors returns the errors of the packages and their
// dependencies, each once, as input errors with the position split off
// (go/packages writes "-: msg" when it has none).
func packageErrors(pkgs []*packages.Package) []report.InputError {
	var out []report.InputError
	seen := map[string]bool{}
	packages.Visit(pkgs, nil, func(p *packages.Package) {
		for _, err := range p.Errors {
			k := err.Pos + "\x00" + err.Msg
			if seen[k] {
				continue
			}
			seen[k] = true
			ie := report.InputError{File: p.PkgPath, Message: "(compile) " + err.Msg}
			if err.Pos != "" && err.Pos != "-" {
				ie.File, ie.Line, ie.Col = splitPos(err.Pos)
			}
			if ie.File == "" {
				ie.File = p.PkgPath
			}
			out = append(out, ie)
		}
	})
	return out
}

// splitPos splits "file:line:col" (or "file:line", or "file").
func splitPos(pos string) (file string, line, col int) {
	file = pos
	for range 2 {
		i := strings.LastIndexByte(file, ':')
		if i < 0 {
			break
		}
		n, err := strconv.Atoi(file[i+1:])
		if err != nil {
			break
		}
		file, line, col = file[:i], n, line
	}
	return file, line, col
}

// toFinding converts a diagnostic into a finding with an absolute file
// path (the pipeline makes paths relative after matching suppressions).
// A position that a //line directive moves outside root (the module's
// directory) is replaced by the position in the file that holds it.
func toFinding(fset *token.FileSet, d analysis.Diagnostic, root string) (finding.Finding, bool) {
	// Analyzers put the rule ID in Category and prefix the message with it.
	id := d.Category
	msg := strings.TrimPrefix(d.Message, id+": ")
	r, ok := rules.Get(id)
	if !ok {
		return finding.Finding{}, false
	}
	f := finding.Finding{Rule: id, Severity: r.Severity, Message: msg}
	position := fset.Position
	if p := fset.Position(d.Pos); !within(root, p.Filename) {
		position = func(pos token.Pos) token.Position { return fset.PositionFor(pos, false) }
	}
	p := position(d.Pos)
	f.File, f.Line, f.Col = p.Filename, p.Line, p.Column
	if d.End.IsValid() {
		end := position(d.End)
		if end.Filename == p.Filename {
			f.EndLine, f.EndCol = end.Line, end.Column
		}
	}
	return f, true
}

// within reports whether path is root or lies under it, lexically.
func within(root, path string) bool {
	if root == "" || !filepath.IsAbs(path) {
		return false
	}
	rel, err := filepath.Rel(root, path)
	return err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator))
}
