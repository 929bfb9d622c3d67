package main

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"go/ast"
	"go/parser"
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
	"github.com/tablelint/tablelint/checkcache"
	"github.com/tablelint/tablelint/internal/finding"
	"github.com/tablelint/tablelint/internal/fix"
	"github.com/tablelint/tablelint/internal/limits"
	"github.com/tablelint/tablelint/internal/outfile"
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
	doFix := fs.Bool("fix", false, "apply the suggested fixes of the findings reported (those go vet -fix applies) to the module's files, and report the findings left")
	doDiff := fs.Bool("diff", false, "print the suggested fixes as a unified diff instead of the report, and change nothing (exit 1 when there is a fix)")
	allowIncomplete := fs.Bool("allow-incomplete", false, "exit by the findings even when some packages could not be analysed, or only with missing imports (they are still named on stderr); also allowIncomplete: true in the config")
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
	var incomplete []incompletePkg
	opts := checkOptions{tests: *tests, includeGenerated: *gen, addDirective: pl.Suppress.Add, addSource: pl.AddSource,
		target: pl.Config().Target, warn: e.stderr, incomplete: &incomplete,
		note: func(s string) { fmt.Fprintf(e.stderr, "tablelint: note: %s\n", report.EscapeControl(s)) }}
	if *doFix && *doDiff {
		return fail(e, usageError{"--fix and --diff cannot be used together: --diff shows what --fix would change"})
	}
	if *doFix || *doDiff {
		fixes := map[fixKey]*fix.Fix{}
		opts.fix = func(f finding.Finding, fx *fix.Fix) { fixes[keyOf(f)] = fx }
		pl.afterProcess = func(res *report.Result) (bool, int) {
			return applyFixes(e, pl, res, fixes, *doDiff)
		}
	}
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
	// Packages that could not be analysed, or only with missing imports,
	// are named on stderr (and in the report); they make the exit
	// status 2 unless --allow-incomplete: a run that could not read the
	// code never passes as clean.
	pl.partialInputs = *allowIncomplete || pl.Config().AllowIncomplete
	res := report.Result{Findings: fds, Errors: errs}
	if pl.format == "json" && len(incomplete) > 0 {
		for i := range incomplete {
			incomplete[i].File = pl.relative(incomplete[i].File)
		}
		res.Extra = append(res.Extra, report.Field{Name: "incomplete", Value: incomplete})
	}
	return pl.finish(res)
}

// incompletePkg is a package check could not analyse, or analysed
// without what does not resolve: JSON's "incomplete" list.
type incompletePkg struct {
	Package string `json:"package"`
	// Analysed: the package was analysed with the types that resolve.
	Analysed bool   `json:"analysed"`
	File     string `json:"file,omitempty"`
	Line     int    `json:"line,omitempty"`
	Col      int    `json:"col,omitempty"`
	Reason   string `json:"reason"`
	// More counts the package's other problems.
	More int `json:"more,omitempty"`
}

// fixKey identifies a finding across the pipeline (which makes its path
// relative): its absolute file, place, rule and message.
type fixKey struct {
	file      string
	line, col int
	rule, msg string
}

func keyOf(f finding.Finding) fixKey { return fixKey{f.File, f.Line, f.Col, f.Rule, f.Message} }

// applyFixes applies (or, with diff, prints as a unified diff) the
// suggested fixes of the findings the pipeline reports, as go vet -fix
// does: the first fix of each, identical edits once, a fix that overlaps
// one already taken left out. Files are rewritten atomically (a
// temporary file renamed into place, mode kept); a file that cannot be
// written is an error and exit 2, the others are still fixed. With
// --fix the report goes on with the findings left; with --diff the diff
// is the output and the exit code is 1 when there is something to fix.
func applyFixes(e *env, pl *pipeline, res *report.Result, fixes map[fixKey]*fix.Fix, diff bool) (bool, int) {
	plan := fix.NewPlan()
	var left []finding.Finding
	for _, f := range res.Findings {
		k := keyOf(f)
		if !filepath.IsAbs(k.file) {
			k.file = filepath.Join(e.dir, k.file)
		}
		if fx := fixes[k]; fx != nil && plan.Add(*fx) {
			continue
		}
		left = append(left, f)
	}
	var failed []string
	changed := 0
	for _, file := range plan.Files() {
		src, err := os.ReadFile(file)
		if err != nil {
			failed = append(failed, err.Error())
			continue
		}
		name := pl.relative(file)
		if diff {
			d, err := plan.Diff(file, filepath.ToSlash(name), src)
			if err != nil {
				failed = append(failed, fmt.Sprintf("%s: %v", name, err))
				continue
			}
			if _, err := io.WriteString(e.stdout, d); err != nil {
				return true, fail(e, err)
			}
			changed++
			continue
		}
		fixed, err := plan.Apply(file, src)
		if err == nil {
			err = writeAtomically(file, fixed)
		}
		if err != nil {
			failed = append(failed, fmt.Sprintf("%s: %v", name, err))
			continue
		}
		changed++
	}
	for _, msg := range failed {
		fmt.Fprintf(e.stderr, "tablelint: cannot fix %s\n", msg)
	}
	if plan.Skipped > 0 {
		fmt.Fprintf(e.stderr, "tablelint: %d fixes overlap others and were left out: run again to apply them\n", plan.Skipped)
	}
	if diff {
		for _, ie := range res.Errors {
			fmt.Fprintf(e.stderr, "tablelint: %s\n", report.EscapeControl(ie.String()))
		}
		switch {
		case len(failed) > 0:
			return true, 2
		case changed > 0:
			return true, 1
		}
		return true, 0
	}
	if changed > 0 {
		fmt.Fprintf(e.stderr, "tablelint: applied %d fixes to %d files\n", plan.Fixes, changed)
	}
	res.Findings = left
	if len(failed) > 0 {
		res.Errors = append(res.Errors, report.InputError{Message: fmt.Sprintf("%d files could not be fixed", len(failed))})
		pl.partialInputs = false // exit 2
	}
	return false, 0
}

// writeAtomically replaces the file at path (through a symbolic link, to
// the file it names) with data, keeping its mode: the one output writer's
// temporary file beside it, renamed into place.
func writeAtomically(path string, data []byte) error {
	out, err := outfile.Create(path, io.Discard)
	if err != nil {
		return err
	}
	if _, err := out.Write(data); err != nil {
		out.Abort()
		return err
	}
	return out.Commit()
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
	// fix, if not nil, is given the suggested fix of each finding
	// returned that has one (a finding in a generated file has none).
	fix func(f finding.Finding, fx *fix.Fix)
	// result, if not nil, is given each package's results of the
	// analyzers whose result encodes itself as JSON, in go list's order
	// of the packages. It needs analyzers (and a salt of their own):
	// check's entries do not keep results.
	result func(analyzer string, data []byte) error
	// incomplete, if not nil, is given the packages not analysed or
	// analysed with problems.
	incomplete *[]incompletePkg
	// note, if not nil, is told how the packages were listed when the
	// module did not load as found (a temporary go.mod, go.work).
	note func(string)
}

// checkPackages analyses the packages matching patterns in dir with
// every analyzer and returns the findings, deduplicated (a file compiled
// into a package and its test variant is reported once) with paths
// relative to dir by the pipeline. Each package's results come from the
// check cache when neither it nor anything it depends on changed (see
// checkcache).
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
		Needs:         all.SDKPaths(),
		Note:          o.note,
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
		ie := loadError(pe)
		loadErrs = append(loadErrs, ie)
		if o.incomplete != nil {
			pkg, _, _ := strings.Cut(pe.Pkg, " ")
			*o.incomplete = append(*o.incomplete, incompletePkg{Package: pkg, Analysed: pe.Partial,
				File: ie.File, Line: ie.Line, Col: ie.Col, Reason: pe.Msg, More: pe.More})
		}
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
		if u.Skipped {
			analysed++ // it cannot reach the SDK: analysed, with nothing to report
		}
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
				if line, col, rule, msg, ok := suppress.ParseHit(h); ok {
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
			if o.fix != nil && cf.Fix != nil && !cf.Generated {
				o.fix(f, cf.Fix)
			}
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
	// Skipped: the package cannot reach the SDK (nothing ran).
	Skipped bool `json:",omitempty"`
	// Results are the results that encode themselves as JSON, by
	// analyzer, when the caller asked for them (checkOptions.result).
	Results map[string]json.RawMessage `json:",omitempty"`
}

type unitFinding struct {
	finding.Finding
	Generated bool `json:",omitempty"` // in a generated file
	// Fix is the diagnostic's first suggested fix (the one go vet -fix
	// applies), when all its edits are in one file of the module.
	Fix *fix.Fix `json:",omitempty"`
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
		if u.Skipped {
			rep.Skipped = true
			return json.Marshal(rep)
		}
		root := dir
		if u.ModuleDir != "" {
			root = u.ModuleDir
		}
		generated := map[*token.File]bool{}
		cgo := map[*token.File]bool{} // cgo's output for a file as written
		for _, f := range u.Files {
			if ast.IsGenerated(f) {
				tf := u.Fset.File(f.FileStart)
				generated[tf] = true
				cgo[tf] = isCgoOutput(f)
			}
		}
		isGenerated := func(d analysis.Diagnostic) bool {
			tf := u.Fset.File(d.Pos)
			if !cgo[tf] {
				return generated[tf]
			}
			// cgo's output is generated; the file its //line
			// directives name, which the finding is reported in, is
			// the user's own unless it says otherwise.
			return generatedFile(u.Fset.Position(d.Pos).Filename)
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
				rep.Findings = append(rep.Findings, unitFinding{Finding: f, Generated: isGenerated(d), Fix: suggestedFix(u.Fset, d, root)})
			}
		}
		return json.Marshal(rep)
	}
}

// isCgoOutput reports whether f is cmd/cgo's rewrite of a cgo file (its
// "Code generated by cmd/cgo" header).
func isCgoOutput(f *ast.File) bool {
	for _, g := range f.Comments {
		if g.Pos() > f.Package {
			break
		}
		if strings.Contains(g.Text(), "Code generated by cmd/cgo") {
			return true
		}
	}
	return false
}

// generatedFile reports whether the Go file at path says it is
// generated, reading no more than its header (a regular file only).
func generatedFile(path string) bool {
	src, ok := readRegular(path, maxHeaderBytes)
	if !ok {
		return false
	}
	f, err := parser.ParseFile(token.NewFileSet(), path, src, parser.PackageClauseOnly|parser.ParseComments)
	return err == nil && ast.IsGenerated(f)
}

// Bounds on what check reads of a file a finding names, which a //line
// directive may choose: the header of a cgo file as written, and a
// source file whose lines SARIF's columns are computed from (larger: the
// columns are taken as ASCII).
const (
	maxHeaderBytes = 64 << 10
	maxSourceBytes = 16 << 20
)

// readRegular reads at most limit bytes of the regular file at path
// (never a FIFO or device a path might name); ok is false when it is
// not one or cannot be read.
func readRegular(path string, limit int64) ([]byte, bool) {
	f, err := os.Open(path)
	if err != nil {
		return nil, false
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil || !fi.Mode().IsRegular() {
		return nil, false
	}
	data, err := io.ReadAll(io.LimitReader(f, limit))
	return data, err == nil
}

// readSource reads a Go file that holds a finding, for SARIF's columns:
// regular files only (never a FIFO or device a path might name), and
// none larger than maxSourceBytes (a //line directive may name any file
// of the module: a sparse file of gigabytes is not read).
func readSource(file string) (string, bool) {
	fi, err := os.Stat(file)
	if err != nil || !fi.Mode().IsRegular() || fi.Size() > maxSourceBytes {
		return "", false
	}
	data, ok := readRegular(file, maxSourceBytes+1)
	if !ok || len(data) > maxSourceBytes {
		return "", false
	}
	return string(data), true
}

// loadError is the one line that names a package check could not
// analyse, "(compile)", or analysed with the types that resolve,
// "(incomplete)", with its first problem.
func loadError(pe checkcache.PackageError) report.InputError {
	pkg, _, _ := strings.Cut(pe.Pkg, " ")
	if !pe.Partial {
		return compileError(pkg, pe.Pos, pe.Msg)
	}
	msg := pe.Msg
	if pe.More > 0 {
		msg += fmt.Sprintf(" (and %d more)", pe.More)
	}
	ie := compileError(pkg, pe.Pos, msg)
	ie.Message = "(incomplete) " + pkg + " analysed without what does not resolve: " + msg
	return ie
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
	// Analyzers put the rule ID in Category (check runs them without
	// all.Text, so the message is the finding's alone).
	id, msg := d.Category, d.Message
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

// suggestedFix returns d's first suggested fix as byte edits of one
// file under root (the module), or nil: a fix without edits, or with an
// edit in another file, outside the module or moved by a //line
// directive, is not applied.
func suggestedFix(fset *token.FileSet, d analysis.Diagnostic, root string) *fix.Fix {
	if len(d.SuggestedFixes) == 0 || len(d.SuggestedFixes[0].TextEdits) == 0 {
		return nil
	}
	var out fix.Fix
	for _, te := range d.SuggestedFixes[0].TextEdits {
		tf := fset.File(te.Pos)
		end := te.End
		if !end.IsValid() {
			end = te.Pos
		}
		if tf == nil || fset.File(end) != tf {
			return nil
		}
		name := tf.Name()
		if !within(root, name) || (out.File != "" && out.File != name) {
			return nil
		}
		out.File = name
		out.Edits = append(out.Edits, fix.Edit{Start: tf.Offset(te.Pos), End: tf.Offset(end), New: string(te.NewText)})
	}
	return &out
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
