package main

import (
	"fmt"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"

	"github.com/tablelint/tablelint/analyzers/all"
	"github.com/tablelint/tablelint/internal/report"
)

// analyzeUncached loads the packages matching patterns in dir from source
// and runs analyzers (and what they require) over those that load and
// type-check, without the check cache: extract and check --design need
// the analyzers' results, which the cache does not keep. Packages that
// do not load are returned as input errors, as checkPackages returns
// them. Call done once the graph's results are read.
func analyzeUncached(dir string, patterns []string, tests bool, analyzers []*analysis.Analyzer) (g *checker.Graph, loadErrs []report.InputError, done func(), err error) {
	cfg := &packages.Config{Mode: packages.LoadAllSyntax | packages.NeedModule, Dir: dir, Tests: tests}
	pkgs, err := packages.Load(cfg, patterns...)
	if err != nil {
		return nil, nil, nil, fmt.Errorf("loading packages: %v", err)
	}
	if len(pkgs) == 0 {
		return nil, nil, nil, fmt.Errorf("no packages match %s", strings.Join(patterns, " "))
	}
	loadErrs = packageErrors(pkgs)
	broken := loadErrors(pkgs)
	var good []*packages.Package
	for _, p := range pkgs {
		if broken[p] == "" {
			good = append(good, p)
		}
	}
	if len(good) == 0 {
		return nil, nil, nil, noneAnalysed(loadErrs)
	}
	done, err = all.WholeProgram(good)
	if err != nil {
		return nil, nil, nil, err
	}
	g, err = checker.Analyze(analyzers, good, nil)
	if err != nil {
		done()
		return nil, nil, nil, err
	}
	return g, loadErrs, done, nil
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
// dependencies, each once, as input errors (see compileError).
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
			out = append(out, compileError(p.PkgPath, err.Pos, err.Msg))
		}
	})
	return out
}

// compileError is a package's load, parse or type error as an input
// error marked "(compile)", with the position split off (go list and
// go/packages write "-: msg" when there is none).
func compileError(pkg, pos, msg string) report.InputError {
	ie := report.InputError{File: pkg, Message: "(compile) " + msg}
	if pos != "" && pos != "-" {
		ie.File, ie.Line, ie.Col = splitPos(pos)
	}
	if ie.File == "" {
		ie.File = pkg
	}
	return ie
}
