package main

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"path/filepath"
	"strings"

	"github.com/tablelint/tablelint/internal/config"
	"github.com/tablelint/tablelint/internal/finding"
	"github.com/tablelint/tablelint/internal/report"
	"github.com/tablelint/tablelint/internal/rules"
	"github.com/tablelint/tablelint/internal/suppress"
	"github.com/tablelint/tablelint/internal/tracefmt"
	"github.com/tablelint/tablelint/internal/version"
	"github.com/tablelint/tablelint/model"
)

// pipeline is what every reporting command (explain, review, check,
// replay) does around its own checks, so they all behave the same:
//
//	p, code := startPipeline(e, &cf, rules.Design) // validates flags, loads the config
//	if p == nil { return code }
//	… skip files p.Excluded reports, add directives to p.Suppress …
//	return p.finish(report.Result{Findings: fds, Extra: …, Text: …})
//
// finish applies the configured severities (dropping rules turned off),
// drops findings in excluded files, applies suppression directives and
// adds the directives' own findings (TL901–TL903), writes the report in
// the chosen format and returns the exit code.
type pipeline struct {
	e       *env
	command string
	format  string
	failOn  rules.Severity // Off: --fail-on none
	checks  *rules.Selection
	cfg     *config.Config
	target  rules.Target
	// Suppress collects the inputs' suppression directives: call
	// AddYAML on it for each design file checked; Go directives come
	// from the analyzers.
	Suppress *suppress.Set
	sources  map[string]string
	// partialInputs: inputs that could not be checked are reported but
	// do not by themselves make the exit code 2 (check, where the
	// packages that loaded were analysed; a run where none could be
	// fails before finish).
	partialInputs bool
	// quiet: text output prints the findings only (review --quiet).
	quiet bool
	// afterProcess, if not nil, sees the result once severities,
	// selection and suppressions are applied, before it is written (check
	// --fix applies fixes and drops the findings it fixed); when it
	// returns done, finish writes nothing more and returns code.
	afterProcess func(res *report.Result) (done bool, code int)
}

// startPipeline validates --format and --fail-on and loads the
// configuration (--config, or .tablelint.yaml found by walking up from
// the working directory). target is the kind of input the command
// checks: a directive naming a rule that does not apply to it is never
// reported as unused. On error it prints one line per problem on stderr
// and returns nil and exit code 2.
func startPipeline(e *env, cf *commonFlags, target rules.Target) (*pipeline, int) {
	if err := cf.checkFormat(); err != nil {
		return nil, fail(e, err)
	}
	failOn, err := cf.failOnSeverity()
	if err != nil {
		return nil, fail(e, err)
	}
	checks, err := cf.selection()
	if err != nil {
		return nil, fail(e, err)
	}
	cfgPath := cf.config
	if cfgPath != "" && !filepath.IsAbs(cfgPath) {
		cfgPath = filepath.Join(e.dir, cfgPath)
	}
	cfg, err := config.Load(cfgPath, e.dir)
	if err != nil {
		return nil, failLines(e, err)
	}
	return &pipeline{e: e, command: cf.command, format: cf.format, failOn: failOn, checks: checks, cfg: cfg, target: target,
		Suppress: suppress.New(), sources: map[string]string{}}, 0
}

// failLines prints every line of err as its own "tablelint: …" line
// (configuration errors come one per problem) and returns exit code 2.
func failLines(e *env, err error) int {
	var list config.ErrorList
	if errors.As(err, &list) {
		for _, le := range list {
			fmt.Fprintf(e.stderr, "tablelint: %s\n", le.Error())
		}
		return 2
	}
	return fail(e, err)
}

// Config returns the loaded configuration (target, throughput).
func (p *pipeline) Config() *config.Config { return p.cfg }

// Excluded reports whether the configuration excludes file (relative to
// the working directory, or absolute); commands skip such files.
func (p *pipeline) Excluded(file string) bool { return p.cfg.Excluded(file, p.e.dir) }

// AddSource registers the text of an input as the command read it (the
// filter of explain is name ""), so SARIF columns can be converted from
// bytes to UTF-16 units. The report never reads files: a finding in a
// file not registered keeps its byte columns.
func (p *pipeline) AddSource(name, text string) { p.sources[name] = text }

// process applies severities, excludes and suppressions, and adds the
// directives' findings. It returns the findings to report, those it
// suppressed, and how many were suppressed in all (the analyzers drop
// the Go findings their directives cover and only count them).
func (p *pipeline) process(in []finding.Finding) (kept, suppressed []finding.Finding, n int) {
	adjust := func(fs []finding.Finding) []finding.Finding {
		out := fs[:0:0]
		for _, f := range fs {
			f.Severity = p.cfg.Severity(f.Rule, f.Severity)
			if f.Severity == rules.Off || !p.checks.Selected(f.Rule) || p.Excluded(f.File) {
				continue
			}
			out = append(out, f)
		}
		return out
	}
	adjusted := adjust(in)
	kept, _ = p.Suppress.Apply(adjusted)
	// Apply keeps the findings it does not suppress in order: the others
	// are the suppressed ones.
	j := 0
	for _, f := range adjusted {
		if j < len(kept) && kept[j] == f {
			j++
			continue
		}
		f.File = p.relative(f.File)
		suppressed = append(suppressed, f)
	}
	n = len(suppressed) + p.Suppress.Suppressed()
	// The findings the analyzers dropped for a directive are reported as
	// suppressed too (SARIF keeps them, with a suppression).
	for _, f := range adjust(p.Suppress.SuppressedFindings()) {
		f.File = p.relative(f.File)
		f.Hint = rules.HintFor(f.Rule, p.target)
		suppressed = append(suppressed, f)
	}
	ran := func(id string) bool {
		r, ok := rules.Get(id)
		return ok && p.checks.Selected(id) && p.cfg.Enabled(id) && r.AppliesToTarget(p.target)
	}
	kept = append(kept, adjust(p.Suppress.Problems(ran))...)
	for i := range kept {
		kept[i].File = p.relative(kept[i].File)
	}
	return kept, suppressed, n
}

// relative makes paths under the working directory relative to it. In
// text output, as go vet prints them, so are paths beside it (../x.go, run
// from a subdirectory) when that is shorter; machine formats keep those
// absolute (a SARIF or GitHub path must not leave its base).
func (p *pipeline) relative(file string) string {
	if !filepath.IsAbs(file) || p.e.dir == "" {
		return file
	}
	rel, err := filepath.Rel(p.e.dir, file)
	if err != nil {
		return file
	}
	if rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		if p.format != "text" || len(rel) >= len(file) {
			return file
		}
	}
	return rel
}

// relativeSources returns the registered sources under the names the
// findings have once made relative.
func (p *pipeline) relativeSources() map[string]string {
	out := make(map[string]string, len(p.sources))
	for name, src := range p.sources {
		out[p.relative(name)] = src
	}
	return out
}

// finish processes the findings, writes the report to stdout and
// returns the exit code: 2 when an input could not be checked
// (res.Errors) or the report cannot be written, else 1 when a finding is
// at or above --fail-on, 0 otherwise.
func (p *pipeline) finish(res report.Result) int {
	res.Findings, res.SuppressedFindings, res.Suppressed = p.process(res.Findings)
	for i := range res.Errors {
		res.Errors[i].File = p.relative(res.Errors[i].File)
	}
	if p.afterProcess != nil {
		if done, code := p.afterProcess(&res); done {
			return code
		}
	}
	opt := report.Options{
		BaseDir:     p.e.dir,
		CommandLine: p.e.args,
		Command:     p.command,
		Format:      p.format,
		Color:       p.format == "text" && useColor(p.e),
		LineText:    report.SourceLines(p.relativeSources()),
		ToolVersion: version.Get().Version,
	}
	if p.quiet && p.format == "text" {
		return p.finishQuiet(res, opt)
	}
	if err := report.Write(p.e.stdout, res, opt); err != nil {
		return fail(p.e, err)
	}
	return p.exitCode(res)
}

// exitCode prints each input that could not be checked on one line of
// stderr, whatever the format (JSON and SARIF also hold them), and
// returns the exit code: 2 for such inputs (unless partialInputs), else
// 1 when a finding is at or above --fail-on, else 0.
func (p *pipeline) exitCode(res report.Result) int {
	if len(res.Errors) > 0 {
		for _, ie := range res.Errors {
			fmt.Fprintf(p.e.stderr, "tablelint: %s\n", report.EscapeControl(ie.String()))
		}
		if !p.partialInputs {
			return 2
		}
	}
	if p.failOn == rules.Off {
		return 0
	}
	return report.ExitCode(res.Findings, p.failOn)
}

// abort reports an error that stops the command after the pipeline has
// started: the chosen format still gets a complete, valid report (no
// findings, the error as an input that could not be checked), and the
// exit code is 2.
func (p *pipeline) abort(file string, err error) int {
	ie := report.InputError{File: file, Message: strings.TrimSpace(err.Error())}
	var te *tracefmt.Error
	var me *model.Error
	var pe *fs.PathError
	switch {
	case errors.As(err, &pe):
		ie.Message = pe.Err.Error()
	case errors.As(err, &te):
		ie = report.InputError{File: te.File, Line: te.Line, Col: te.Col, Message: te.Msg}
	case errors.As(err, &me):
		ie = report.InputError{File: me.File, Line: me.Line, Col: me.Col, Message: me.Msg}
	}
	if p.format == "text" {
		return fail(p.e, err)
	}
	return p.finish(report.Result{Errors: []report.InputError{ie}})
}

// finishQuiet writes the text report without the command's own text
// (tables, plans) and without the summary line: the findings only, as
// go vet prints them.
func (p *pipeline) finishQuiet(res report.Result, opt report.Options) int {
	res.Text = nil
	var b strings.Builder
	if err := report.Write(&b, res, opt); err != nil {
		return fail(p.e, err)
	}
	out := strings.TrimSuffix(b.String(), "\n")
	if i := strings.LastIndexByte(out, '\n'); i >= 0 {
		out = out[:i+1]
	} else {
		out = ""
	}
	if _, err := io.WriteString(p.e.stdout, out); err != nil {
		return fail(p.e, err)
	}
	return p.exitCode(res)
}
