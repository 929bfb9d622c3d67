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
	return encodeSummary(filterflow.Summarize(facts), flow.Summarize(facts))
}

// encodeSummary is Summary's encoding of a package's impls (nil when
// there are none); decodeSummary reads it back.
func encodeSummary(queries []filterflow.Impl, values []flow.Impl) ([]byte, error) {
	if len(queries) == 0 && len(values) == 0 {
		return nil, nil
	}
	var s summary
	index := map[string]int{}
	set := func(m map[string]string) (int, error) {
		k, err := json.Marshal(m) // keys sorted: one text a method set
		if err != nil {
			return 0, err
		}
		i, ok := index[string(k)]
		if !ok {
			i = len(s.Sets)
			index[string(k)] = i
			s.Sets = append(s.Sets, m)
		}
		return i, nil
	}
	for _, im := range queries {
		i, err := set(im.Methods)
		if err != nil {
			return nil, err
		}
		s.Queries = append(s.Queries, queryImpl{Name: im.Name, Set: i, Sink: im.Sink})
	}
	for _, im := range values {
		i, err := set(im.Methods)
		if err != nil {
			return nil, err
		}
		s.Values = append(s.Values, valueImpl{Name: im.Name, Set: i, Summary: im.Summary})
	}
	return json.Marshal(s)
}

// summary is a package's share of the whole-program summary: its
// concrete methods that run queries (filterflow) and the value
// summaries of its concrete methods (flow). Every method of a type
// has the type's method set, which is most of the bytes (216 of the
// 273 KB of aztables' test variant, 5 sets among 40 methods): each set
// is held once, in Sets, and the methods name theirs by index. The
// summaries are read on every check, warm or not (InstallSummaries).
type summary struct {
	Sets    []map[string]string `json:"sets,omitempty"`
	Queries []queryImpl         `json:"queries,omitempty"`
	Values  []valueImpl         `json:"values,omitempty"`
}

// queryImpl is a filterflow.Impl whose method set is summary.Sets[Set].
type queryImpl struct {
	Name string
	Set  int
	Sink *filterflow.Sink
}

// valueImpl is a flow.Impl whose method set is summary.Sets[Set].
type valueImpl struct {
	Name    string
	Set     int
	Summary *flow.Summary
}

// methodSet returns s.Sets[i] (shared by the Impls of one type, which
// only read it).
func (s *summary) methodSet(i int) (map[string]string, error) {
	if i < 0 || i >= len(s.Sets) {
		return nil, fmt.Errorf("method set %d of %d", i, len(s.Sets))
	}
	return s.Sets[i], nil
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
		q, v, err := decodeSummary(s)
		if err != nil {
			return nil, err
		}
		impls = append(impls, q...)
		values = append(values, v...)
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

// decodeSummary reads encodeSummary's bytes.
func decodeSummary(data []byte) ([]filterflow.Impl, []flow.Impl, error) {
	var s summary
	if err := json.Unmarshal(data, &s); err != nil {
		return nil, nil, fmt.Errorf("reading a package summary: %v", err)
	}
	var queries []filterflow.Impl
	for _, im := range s.Queries {
		m, err := s.methodSet(im.Set)
		if err != nil {
			return nil, nil, fmt.Errorf("reading a package summary: %v", err)
		}
		queries = append(queries, filterflow.Impl{Name: im.Name, Methods: m, Sink: im.Sink})
	}
	var values []flow.Impl
	for _, im := range s.Values {
		m, err := s.methodSet(im.Set)
		if err != nil {
			return nil, nil, fmt.Errorf("reading a package summary: %v", err)
		}
		values = append(values, flow.Impl{Name: im.Name, Methods: m, Summary: im.Summary})
	}
	return queries, values, nil
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
