package filterflow

import (
	"go/types"
	"sync/atomic"

	"golang.org/x/tools/go/analysis"

	"github.com/tablelint/tablelint/analyzers/internal/flow"
)

// Program summarises the sinks of every package a driver loaded, so that
// a call of an interface method can be resolved to the implementations
// among them. Facts flow only from a package to its importers, and a
// service that calls repo.GetAll through an interface does not import
// the package implementing it; a driver that loads the whole program
// (tablelint check) runs Analyzer once over every package, builds a
// Program from the Sink facts and runs the analyzers again with it
// installed (SetProgram). The go vet driver installs none: there, calls
// through interfaces are not followed.
//
// The unit is the per-package Sink fact, so a cache of facts keyed by
// package content gives the same Program.
type Program struct {
	byName map[string][]impl
}

// impl is a concrete method with a sink: its type's method set (name
// to signature, written with full package paths, so that it compares
// across loads and can be stored) and the method's sink.
type impl struct {
	methods map[string]string
	sink    *Sink
}

// NewProgram indexes the Sink facts of concrete methods.
func NewProgram(facts []analysis.ObjectFact) *Program {
	return ProgramOf(Summarize(facts))
}

// Impl is a concrete method with a sink, as plain data: the name of the
// method, the method set of its receiver's type (name to signature,
// with full package paths) and its sink. A package's Impls are its
// share of a Program; a driver that caches per-package results stores
// them and builds the Program with ProgramOf.
type Impl struct {
	Name    string
	Methods map[string]string
	Sink    *Sink
}

// Summarize returns the Impls among the Sink facts.
func Summarize(facts []analysis.ObjectFact) []Impl {
	var out []Impl
	isSink := func(f analysis.Fact) bool { _, ok := f.(*Sink); return ok }
	for _, m := range flow.ConcreteMethods(facts, isSink) {
		out = append(out, Impl{Name: m.Func.Name(), Methods: m.Methods, Sink: m.Fact.(*Sink)})
	}
	return out
}

// ProgramOf indexes impls (from Summarize, of any number of packages).
func ProgramOf(impls []Impl) *Program {
	p := &Program{byName: map[string][]impl{}}
	for _, im := range impls {
		if im.Sink == nil {
			continue
		}
		p.byName[im.Name] = append(p.byName[im.Name], impl{methods: im.Methods, sink: im.Sink})
	}
	return p
}

// Dispatch returns the union of the sinks of every implementation of the
// interface method fn among the program's packages, or nil.
func (p *Program) Dispatch(fn *types.Func) *Sink {
	if p == nil {
		return nil
	}
	want := flow.InterfaceSigs(fn)
	if want == nil {
		return nil
	}
	var out *Sink
	for _, im := range p.byName[fn.Name()] {
		if !flow.Satisfies(im.methods, want) {
			continue
		}
		if out == nil {
			out = new(Sink)
		}
		out.Queries = append(out.Queries, im.sink.Queries...)
	}
	return out
}

var program atomic.Pointer[Program]

// SetProgram installs p for the following runs of Analyzer (nil removes
// it). Only a driver that analyses the whole program at once should set
// one; it must not be changed while analyses run.
func SetProgram(p *Program) { program.Store(p) }
