// Package all lists every tablelint Go analyzer, for the drivers
// (`tablelint check`, the go vet tool, the golangci-lint plugin). Add a
// new analyzer here and every driver runs it.
package all

import (
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

func build() []*analysis.Analyzer {
	rules := []*analysis.Analyzer{
		tablescan.Analyzer,
		filterinjection.Analyzer,
		continuation.Analyzer,
		keyformat.Analyzer,
		timepartition.Analyzer,
		transactions.Analyzer,
		tablename.Analyzer,
		entityshape.Analyzer,
		etag.Analyzer,
		batchdup.Analyzer,
		credentials.Analyzer,
		toplimit.Analyzer,
		tablereuse.Analyzer,
		updatemode.Analyzer,
		keychars.Analyzer,
		retries.Analyzer,
		properties.Analyzer,
		propnames.Analyzer,
		move.Analyzer,
		lastn.Analyzer,
		perpartition.Analyzer,
		idempotency.Analyzer,
		staleretry.Analyzer,
		partitionbatch.Analyzer,
		scanwrite.Analyzer,
		designdrift.Analyzer, // silent without -design
	}
	out := make([]*analysis.Analyzer, 0, len(rules)+1)
	for _, a := range rules {
		out = append(out, honourDirectives(a))
	}
	return append(out, directives.Analyzer)
}

// honourDirectives returns a copy of a that requires the directives
// analyzer and reports only the diagnostics no directive covers.
func honourDirectives(a *analysis.Analyzer) *analysis.Analyzer {
	w := *a
	if !slices.Contains(a.Requires, directives.Analyzer) {
		w.Requires = append(slices.Clip(a.Requires), directives.Analyzer)
	}
	run := a.Run
	w.Run = func(pass *analysis.Pass) (any, error) {
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
