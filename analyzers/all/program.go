package all

import (
	"sync"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"

	"github.com/tablelint/tablelint/analyzers/internal/filterflow"
)

// WholeProgram prepares a run of Analyzers over pkgs, a whole program
// loaded at once (tablelint check): it summarises every package's query
// sinks and installs the summary, so that calls through interfaces are
// resolved to the implementations among pkgs and their dependencies.
// Call the returned function after the run. Drivers that analyse one
// package at a time (go vet) do not call it.
//
// The summary is process-wide: whole-program runs are serialised, each
// holding it until done is called.
func WholeProgram(pkgs []*packages.Package) (done func(), err error) {
	programMu.Lock()
	g, err := checker.Analyze([]*analysis.Analyzer{filterflow.Analyzer}, pkgs, nil)
	if err != nil {
		programMu.Unlock()
		return nil, err
	}
	var facts []analysis.ObjectFact
	for _, act := range g.Roots {
		if act.Err == nil {
			facts = append(facts, act.AllObjectFacts()...)
		}
	}
	filterflow.SetProgram(filterflow.NewProgram(facts))
	return func() {
		filterflow.SetProgram(nil)
		programMu.Unlock()
	}, nil
}

var programMu sync.Mutex
