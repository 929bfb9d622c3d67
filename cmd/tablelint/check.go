package main

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"go/ast"
	"go/token"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	"golang.org/x/tools/go/analysis"

	"github.com/tablelint/tablelint/analyzers/all"
	"github.com/tablelint/tablelint/analyzers/directives"
	"github.com/tablelint/tablelint/internal/checkcache"
	"github.com/tablelint/tablelint/internal/finding"
	"github.com/tablelint/tablelint/internal/limits"
	"github.com/tablelint/tablelint/internal/report"
	"github.com/tablelint/tablelint/internal/rules"
	"github.com/tablelint/tablelint/internal/suppress"
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
	opts := checkOptions{tests: *tests, includeGenerated: *gen, addDirective: pl.Suppress.Add, addSource: pl.AddSource,
		target: pl.Config().Target, warn: e.stderr}
	dc, err := startDesignCheck(e, pl, *design)
	if err != nil {
		return fail(e, err)
	}
	fds, errs, err := checkPackages(e.dir, pos, opts)
	if err != nil {
		return pl.abort("", err)
	}
	if dc != nil {
		// The run above left designdrift silent; it runs here, under
		// cache keys that hold the design file.
		dfds, derrs, err := dc.run(e.dir, pos, opts)
		if err != nil {
			return pl.abort("", err)
		}
		fds = append(fds, dfds...)
		for _, ie := range derrs {
			if !slices.Contains(errs, ie) { // a package that does not load: reported once
				errs = append(errs, ie)
			}
		}
	}
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
	// addDirective, if not nil, is given every suppression directive
	// of the analysed packages (with the findings it suppressed).
	addDirective func(*suppress.Directive)
	// addSource, if not nil, is given the content of every file that
	// holds a finding or a directive.
	addSource func(file, src string)
	// stats, if not nil, is set to the cache's hits and misses.
	stats *checkcache.Stats
	// warn, if not nil, is told (one line) of a cache that cannot be
	// used or that held bad entries.
	warn io.Writer
	// analyzers, if not nil, are run instead of every analyzer (extract,
	// check --design); salt then tells their cache entries apart.
	analyzers []*analysis.Analyzer
	salt      string
	// target is the service the code runs on (the configuration's
	// target), given to every analyzer with a -target flag.
	target limits.Target
	// result, if not nil, is given each package's results of the
	// analyzers whose result encodes itself as JSON, in go list's order
	// of the packages. It needs analyzers (and a salt of their own):
	// check's entries do not keep results.
	result func(analyzer string, data []byte) error
}

// checkPackages analyses the packages matching patterns in dir with
// every analyzer and returns the findings, deduplicated (a file compiled
// into a package and its test variant is reported once) with paths
// relative to dir by the pipeline. Each package's results come from the
// check cache when neither it nor anything it depends on changed (see
// internal/checkcache).
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
	analyzers, salt := o.analyzers, o.salt
	if analyzers == nil {
		analyzers, salt = all.Analyzers(), "check 1; tablescan.info"
		for _, a := range analyzers {
			if f := a.Flags.Lookup("info"); f != nil {
				_ = a.Flags.Set("info", "true") // check reports info findings; --fail-on decides
			}
		}
	}
	if err := setTarget(analyzers, o.target); err != nil {
		return nil, nil, err
	}
	if o.target == limits.Cosmos {
		salt += "; target=cosmos" // the analyzers' findings differ by target
	}
	cache, err := checkcache.Open() // no cache directory: every run computes everything
	if err != nil && o.warn != nil {
		fmt.Fprintf(o.warn, "tablelint: %v; running without a cache\n", err)
	}
	toolID, err := cache.ToolID()
	if err != nil {
		cache = nil
	}
	cfg := &checkcache.Config{
		Dir:           dir,
		Patterns:      patterns,
		Tests:         o.tests,
		Analyzers:     analyzers,
		FactAnalyzers: all.FactAnalyzers(),
		NoStdFacts:    true, // see all.FactAnalyzers
		Summarize:     all.Summary,
		Install:       all.InstallSummaries,
		Report:        unitReporter(dir, analyzers, o.result != nil),
		Cache:         cache,
		ToolID:        toolID,
		Salt:          salt,
	}
	reports, perrs, stats, err := checkcache.Run(cfg)
	if err != nil {
		return nil, nil, err
	}
	_ = cache.Trim(time.Now()) // old entries stay if it fails: nothing is lost
	if n, first := cache.Bad(); n > 0 && o.warn != nil {
		fmt.Fprintf(o.warn, "tablelint: cache %s: %d bad entries recomputed (%s)\n", cache.Dir(), n, first)
	}
	if o.stats != nil {
		*o.stats = stats
	}
	var loadErrs []report.InputError
	for _, pe := range perrs {
		loadErrs = append(loadErrs, compileError(pe.Pkg, pe.Pos, pe.Msg))
	}
	if len(reports) == 0 {
		if len(loadErrs) == 0 {
			return nil, nil, fmt.Errorf("no packages match %s", strings.Join(patterns, " "))
		}
		return nil, nil, noneAnalysed(loadErrs)
	}
	type key struct {
		file      string
		line, col int
		rule, msg string
	}
	seen := map[key]bool{}
	sources := map[string]bool{}
	var out []finding.Finding
	analysed := 0
	for _, r := range reports {
		var u unitReport
		if err := json.Unmarshal(r.Data, &u); err != nil {
			return nil, nil, fmt.Errorf("reading the results of %s: %v", r.ID, err)
		}
		pkgPath, _, _ := strings.Cut(r.ID, " ")
		for _, msg := range u.Errors {
			loadErrs = append(loadErrs, report.InputError{File: pkgPath, Message: msg})
		}
		analysed += u.Analysed
		for name, data := range u.Results {
			if err := o.result(name, data); err != nil {
				return nil, nil, fmt.Errorf("reading the %s results of %s: %v", name, r.ID, err)
			}
		}
		for _, d := range u.Directives {
			sources[d.D.File] = true
			if o.addDirective == nil {
				continue
			}
			for _, h := range d.Hits {
				if line, col, rule, msg, ok := splitHit(h); ok {
					d.D.Use(rule, line, col, msg)
				}
			}
			o.addDirective(d.D)
		}
		for _, cf := range u.Findings {
			if cf.Generated && !o.includeGenerated {
				continue
			}
			f := cf.Finding
			rule, ok := rules.Get(f.Rule)
			if !ok {
				continue
			}
			f.Severity = rule.Severity
			k := key{f.File, f.Line, f.Col, f.Rule, f.Message}
			if seen[k] {
				continue
			}
			seen[k] = true
			sources[f.File] = true
			out = append(out, f)
		}
	}
	if analysed == 0 {
		return nil, nil, noneAnalysed(loadErrs)
	}
	if o.addSource != nil {
		for file := range sources {
			if src, ok := readSource(file); ok {
				o.addSource(file, src)
			}
		}
	}
	return out, loadErrs, nil
}

// unitReport is what check keeps of a package's analysis (in the check
// cache, as JSON): its findings with absolute paths, its directives
// with the findings each suppressed, the analyzers' errors, and how
// many analyzers ran without one.
type unitReport struct {
	Findings   []unitFinding   `json:",omitempty"`
	Directives []unitDirective `json:",omitempty"`
	Errors     []string        `json:",omitempty"`
	Analysed   int
	// Results are the results that encode themselves as JSON, by
	// analyzer, when the caller asked for them (checkOptions.result).
	Results map[string]json.RawMessage `json:",omitempty"`
}

type unitFinding struct {
	finding.Finding
	Generated bool `json:",omitempty"` // in a generated file
}

type unitDirective struct {
	D    *suppress.Directive
	Hits []string `json:",omitempty"` // Directive.Hits
}

// unitReporter returns the function that turns a package's analysis
// into its unitReport; with results, it keeps the analyzers' results
// that encode themselves as JSON.
func unitReporter(dir string, analyzers []*analysis.Analyzer, results bool) func(u *checkcache.Unit) ([]byte, error) {
	return func(u *checkcache.Unit) ([]byte, error) {
		var rep unitReport
		root := dir
		if u.ModuleDir != "" {
			root = u.ModuleDir
		}
		generated := map[*token.File]bool{}
		for _, f := range u.Files {
			if ast.IsGenerated(f) {
				generated[u.Fset.File(f.FileStart)] = true
			}
		}
		for _, a := range analyzers {
			o := u.Outcomes[a]
			if o == nil {
				continue
			}
			if o.Err != nil {
				rep.Errors = append(rep.Errors, fmt.Sprintf("%s: %v", a.Name, o.Err))
				continue
			}
			rep.Analysed++
			if m, ok := o.Result.(json.Marshaler); ok && results {
				data, err := m.MarshalJSON()
				if err != nil {
					return nil, fmt.Errorf("%s: %v", a.Name, err)
				}
				if rep.Results == nil {
					rep.Results = map[string]json.RawMessage{}
				}
				rep.Results[a.Name] = data
			}
			if r, ok := o.Result.(*directives.Result); ok {
				for _, d := range r.Directives() {
					rep.Directives = append(rep.Directives, unitDirective{D: d, Hits: d.Hits()})
				}
			}
			for _, d := range o.Diagnostics {
				f, ok := toFinding(u.Fset, d, root)
				if !ok {
					continue
				}
				f.Severity = 0
				rep.Findings = append(rep.Findings, unitFinding{Finding: f, Generated: generated[u.Fset.File(d.Pos)]})
			}
		}
		return json.Marshal(rep)
	}
}

// splitHit splits a Directive.Hits entry, "line:col:rule:message".
func splitHit(h string) (line, col int, rule, msg string, ok bool) {
	parts := strings.SplitN(h, ":", 4)
	if len(parts) != 4 {
		return 0, 0, "", "", false
	}
	line, err1 := strconv.Atoi(parts[0])
	col, err2 := strconv.Atoi(parts[1])
	return line, col, parts[2], parts[3], err1 == nil && err2 == nil
}

// readSource reads a Go file that holds a finding, for SARIF's columns:
// regular files only (never a FIFO or device a path might name).
func readSource(file string) (string, bool) {
	fi, err := os.Stat(file)
	if err != nil || !fi.Mode().IsRegular() {
		return "", false
	}
	data, err := os.ReadFile(file)
	return string(data), err == nil
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
	f := finding.Finding{Rule: id, Severity: r.Severity, Message: msg, Hint: rules.HintFor(id, rules.GoCode)}
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

// setTarget sets the -target flag of every analyzer that has one (the
// empty target is storage).
func setTarget(analyzers []*analysis.Analyzer, t limits.Target) error {
	if t == "" {
		t = limits.Storage
	}
	for _, a := range analyzers {
		if f := a.Flags.Lookup("target"); f != nil {
			if err := a.Flags.Set("target", string(t)); err != nil {
				return err
			}
		}
	}
	return nil
}
