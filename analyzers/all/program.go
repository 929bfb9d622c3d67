package all

import (
	"encoding/json"
	"fmt"
	"sync"

	"golang.org/x/tools/go/analysis"

	"github.com/tablelint/tablelint/analyzers/internal/filterflow"
	"github.com/tablelint/tablelint/analyzers/internal/flow"
	"github.com/tablelint/tablelint/analyzers/internal/reach"
)

// programMu serialises whole-program runs: the summary is process-wide.
var programMu sync.Mutex

// Summary returns, as JSON, a package's share of the whole-program
// summary: its concrete methods that run queries, from the facts the
// analyzers exported for the package (with no summary installed). A
// driver that caches per-package results (tablelint check) stores it
// and passes the summaries of every package to InstallSummaries.
// It returns nil when the package has no such method.
func Summary(facts []analysis.ObjectFact) ([]byte, error) {
	s := summary{Queries: filterflow.Summarize(facts), Values: flow.Summarize(facts)}
	if len(s.Queries) == 0 && len(s.Values) == 0 {
		return nil, nil
	}
	return json.Marshal(s)
}

// summary is a package's share of the whole-program summary: its
// concrete methods that run queries (filterflow) and the value
// summaries of its concrete methods (flow).
type summary struct {
	Queries []filterflow.Impl `json:"queries,omitempty"`
	Values  []flow.Impl       `json:"values,omitempty"`
}

// InstallSummaries installs the whole-program summary made of the
// packages' Summary results, like WholeProgram; call done after the
// run.
func InstallSummaries(summaries [][]byte) (done func(), err error) {
	var impls []filterflow.Impl
	var values []flow.Impl
	for _, s := range summaries {
		if len(s) == 0 {
			continue
		}
		var more summary
		if err := json.Unmarshal(s, &more); err != nil {
			return nil, fmt.Errorf("reading a package summary: %v", err)
		}
		impls = append(impls, more.Queries...)
		values = append(values, more.Values...)
	}
	programMu.Lock()
	filterflow.SetProgram(filterflow.ProgramOf(impls))
	flow.SetProgram(flow.ProgramOf(values))
	return func() {
		filterflow.SetProgram(nil)
		flow.SetProgram(nil)
		programMu.Unlock()
	}, nil
}

// FactAnalyzers returns the analyzers a driver must run on a dependency
// for the facts its importers read: every analyzer Analyzers runs
// (themselves or as a requirement) that exports facts. Their own
// requirements run with them.
//
// None of them exports a fact about a standard library package: the
// facts are about functions that query, write or fill entities through
// the Azure SDK (or the legacy storage package), which the standard
// library never imports. A driver may skip the standard library.
func FactAnalyzers() []*analysis.Analyzer {
	seen := map[*analysis.Analyzer]bool{}
	var out []*analysis.Analyzer
	var visit func(a *analysis.Analyzer)
	visit = func(a *analysis.Analyzer) {
		if seen[a] {
			return
		}
		seen[a] = true
		for _, r := range a.Requires {
			visit(r)
		}
		if len(a.FactTypes) > 0 {
			out = append(out, a)
		}
	}
	for _, a := range list {
		visit(a)
	}
	return out
}

// SDKPaths are the import paths a package must reach (be, import, or
// depend on) for any analyzer to report in it or export a fact about
// it: the aztables SDK and the legacy storage package. A driver may skip
// the packages that reach neither, as go list's dependency data tells
// before any type is loaded.
func SDKPaths() []string { return reach.Paths() }
