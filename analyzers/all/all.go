// Package all lists every tablelint Go analyzer, for the drivers
// (`tablelint check`, the go vet tool, the golangci-lint plugin). Add a
// new analyzer here and every driver runs it.
package all

import (
	"reflect"
	"slices"

	"golang.org/x/tools/go/analysis"

	"github.com/tablelint/tablelint/analyzers/batchdup"
	"github.com/tablelint/tablelint/analyzers/continuation"
	"github.com/tablelint/tablelint/analyzers/credentials"
	"github.com/tablelint/tablelint/analyzers/designdrift"
	"github.com/tablelint/tablelint/analyzers/directives"
	"github.com/tablelint/tablelint/analyzers/entityshape"
	"github.com/tablelint/tablelint/analyzers/etag"
	"github.com/tablelint/tablelint/analyzers/filterinjection"
	"github.com/tablelint/tablelint/analyzers/idempotency"
	"github.com/tablelint/tablelint/analyzers/internal/diag"
	"github.com/tablelint/tablelint/analyzers/internal/reach"
	"github.com/tablelint/tablelint/analyzers/keychange"
	"github.com/tablelint/tablelint/analyzers/keychars"
	"github.com/tablelint/tablelint/analyzers/keyformat"
	"github.com/tablelint/tablelint/analyzers/lastn"
	"github.com/tablelint/tablelint/analyzers/move"
	"github.com/tablelint/tablelint/analyzers/partitionbatch"
	"github.com/tablelint/tablelint/analyzers/perpartition"
	"github.com/tablelint/tablelint/analyzers/properties"
	"github.com/tablelint/tablelint/analyzers/propnames"
	"github.com/tablelint/tablelint/analyzers/retries"
	"github.com/tablelint/tablelint/analyzers/scanwrite"
	"github.com/tablelint/tablelint/analyzers/staleretry"
	"github.com/tablelint/tablelint/analyzers/tablename"
	"github.com/tablelint/tablelint/analyzers/tablereuse"
	"github.com/tablelint/tablelint/analyzers/tablescan"
	"github.com/tablelint/tablelint/analyzers/timepartition"
	"github.com/tablelint/tablelint/analyzers/toplimit"
	"github.com/tablelint/tablelint/analyzers/transactions"
	"github.com/tablelint/tablelint/analyzers/updatemode"
)

// list is built once: drivers that call Analyzers twice (the plugin
// validates names, then builds) get the same analyzers.
var list = build()

// Analyzers returns the analyzers, query checks first, then the
// write-side checks, then the directives analyzer (which reports
// malformed //tablelint:ignore directives).
//
// Each rule analyzer is returned as a copy that requires the directives
// analyzer and drops every diagnostic a //tablelint:ignore directive
// covers, however the analyzer reports it, so that go vet, the
// golangci-lint plugin and `tablelint check` suppress the same findings.
func Analyzers() []*analysis.Analyzer { return slices.Clone(list) }

// An entry ties an analyzer to the rules it reports (the IDs of
// internal/rules entries, which hold the rules' metadata), as
// staticcheck ties each check to its analyzer. Every diagnostic an
// analyzer reports names one of its rules, and every Go rule is declared
// by one analyzer (TestRulesDeclared in cmd/tablelint checks both).
type entry struct {
	analyzer *analysis.Analyzer
	rules    []string
}

// registry is the rule analyzers in the order the drivers run them:
// query checks first, then the write-side checks.
var registry = []entry{
	// TL201 is declared twice: tablescan reports the $filter checks of
	// internal/filtercheck (key characters in a filter's literals among
	// them), keychars the keys code writes.
	{tablescan.Analyzer, []string{"TL127", "TL131", "TL201", "TL300", "TL301", "TL303", "TL304", "TL306", "TL322", "TL323"}},
	{filterinjection.Analyzer, []string{"TL321"}},
	{continuation.Analyzer, []string{"TL307", "TL308"}},
	{keyformat.Analyzer, []string{"TL204", "TL205"}},
	{timepartition.Analyzer, []string{"TL209"}},
	{transactions.Analyzer, []string{"TL401", "TL403"}},
	{tablename.Analyzer, []string{"TL101", "TL102"}},
	{entityshape.Analyzer, []string{"TL120", "TL121", "TL122", "TL123"}},
	{etag.Analyzer, []string{"TL414"}},
	{batchdup.Analyzer, []string{"TL404"}},
	{credentials.Analyzer, []string{"TL601", "TL602"}},
	{toplimit.Analyzer, []string{"TL309"}},
	{tablereuse.Analyzer, []string{"TL104"}},
	{updatemode.Analyzer, []string{"TL129", "TL411", "TL412"}},
	{keychars.Analyzer, []string{"TL201", "TL202"}},
	{retries.Analyzer, []string{"TL416"}},
	{properties.Analyzer, []string{"TL124", "TL125", "TL126", "TL128"}},
	{propnames.Analyzer, []string{"TL110", "TL111", "TL112", "TL113", "TL114", "TL115", "TL116"}},
	{move.Analyzer, []string{"TL408"}},
	{keychange.Analyzer, []string{"TL417"}},
	{lastn.Analyzer, []string{"TL312"}},
	{perpartition.Analyzer, []string{"TL320"}},
	{idempotency.Analyzer, []string{"TL409"}},
	{staleretry.Analyzer, []string{"TL415"}},
	{partitionbatch.Analyzer, []string{"TL406"}},
	{scanwrite.Analyzer, []string{"TL313"}},
	{designdrift.Analyzer, []string{"TL519", "TL520", "TL521"}}, // silent without -design
}

// directiveRules are the directives analyzer's rules: it reports TL901
// and TL903; TL902 (a directive that suppressed nothing) is reported by
// the drivers from its Result once every analyzer has run.
var directiveRules = []string{"TL901", "TL902", "TL903"}

// Rules returns the IDs of the rules the analyzer named name declares,
// or nil when no analyzer of Analyzers has that name.
func Rules(name string) []string {
	if name == directives.Analyzer.Name {
		return slices.Clone(directiveRules)
	}
	for _, e := range registry {
		if e.analyzer.Name == name {
			return slices.Clone(e.rules)
		}
	}
	return nil
}

func build() []*analysis.Analyzer {
	out := make([]*analysis.Analyzer, 0, len(registry)+1)
	for _, e := range registry {
		out = append(out, honourDirectives(e.analyzer))
	}
	return append(out, directives.Analyzer)
}

// honourDirectives returns a copy of a that requires the directives
// analyzer and reports only the diagnostics no directive covers. The
// copy also requires reach.Analyzer and does not run a on a package
// reach skips (a dependency that cannot reach the SDK: nothing to
// report, no fact an importer could need); its result there is the
// zero value of a's ResultType.
func honourDirectives(a *analysis.Analyzer) *analysis.Analyzer {
	w := *a
	w.Requires = slices.Clip(a.Requires)
	for _, r := range []*analysis.Analyzer{directives.Analyzer, reach.Analyzer} {
		if !slices.Contains(w.Requires, r) {
			w.Requires = append(w.Requires, r)
		}
	}
	run := a.Run
	w.Run = func(pass *analysis.Pass) (any, error) {
		if reach.Skip(pass) {
			if a.ResultType == nil {
				return nil, nil
			}
			return reflect.Zero(a.ResultType).Interface(), nil
		}
		inner := *pass
		inner.Report = func(d analysis.Diagnostic) {
			if !diag.Suppressed(pass, d) {
				pass.Report(d)
			}
		}
		return run(&inner)
	}
	return &w
}

// Text returns copies of the analyzers whose diagnostics' messages start
// with their rule ID ("TL309: …"), for the drivers that print a
// diagnostic's message without its Category: go vet and the
// golangci-lint plugin. `tablelint check` reads the rule from the
// Category and runs the analyzers as they are.
func Text(as []*analysis.Analyzer) []*analysis.Analyzer {
	out := make([]*analysis.Analyzer, len(as))
	for i, a := range as {
		out[i] = diag.Text(a)
	}
	return out
}

// Select returns copies of the analyzers that report only the
// diagnostics of the rules selected says yes to (a diagnostic's Category
// is its rule ID; one without a Category is kept). The drivers implement
// rule selection with it: check's and go vet's -checks, the plugin's
// checks setting. selected is called during the analysis, so that a
// driver may decide it from flags parsed after Select.
func Select(as []*analysis.Analyzer, selected func(ruleID string) (bool, error)) []*analysis.Analyzer {
	out := make([]*analysis.Analyzer, len(as))
	for i, a := range as {
		w := *a
		run := a.Run
		w.Run = func(pass *analysis.Pass) (any, error) {
			if _, err := selected(""); err != nil {
				return nil, err
			}
			inner := *pass
			inner.Report = func(d analysis.Diagnostic) {
				if ok, _ := selected(d.Category); ok || d.Category == "" {
					pass.Report(d)
				}
			}
			return run(&inner)
		}
		out[i] = &w
	}
	return out
}
