package flow_test

import (
	"go/ast"
	"sync"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"
	"golang.org/x/tools/go/ssa"

	"github.com/tablelint/tablelint/analyzers/internal/flow"
	"github.com/tablelint/tablelint/analyzers/internal/sdktest"
)

// sharedProbe asks the one Result of a package from several goroutines
// at once, as go vet and golangci-lint do when the analyzers of one
// package run together: every argument's value (which reads summaries,
// imported ones included, and validators' character classes) and, for
// the calls in loops, whether the argument varies per iteration (which
// reads the loops). Under -race, a cache of the Result filled without
// its lock is a data race; without -race, concurrent map writes may
// stop the test.
var sharedProbe = &analysis.Analyzer{
	Name:     "sharedprobe",
	Doc:      "sharedprobe: ask one flow Result from several goroutines",
	Requires: []*analysis.Analyzer{flow.Analyzer},
	Run: func(pass *analysis.Pass) (any, error) {
		r := flow.Of(pass)
		var loops []ast.Node
		for _, file := range pass.Files {
			ast.Inspect(file, func(n ast.Node) bool {
				switch n.(type) {
				case *ast.ForStmt, *ast.RangeStmt:
					loops = append(loops, n)
				}
				return true
			})
		}
		var wg sync.WaitGroup
		for range 4 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				staticCalls(r, func(fn *ssa.Function, c *ssa.Call, f *ssa.Function) {
					r.Summary(f)
					for _, a := range flow.CallArgs(c.Common()) {
						_ = r.Of(fn, a)
						for _, l := range loops {
							if l.Pos() <= c.Pos() && c.Pos() < l.End() {
								r.VariesPerIteration(fn, a, l)
							}
						}
					}
				})
			}()
		}
		wg.Wait()
		return nil, nil
	},
}

// TestSharedResult: the Result answers from several goroutines at once.
func TestSharedResult(t *testing.T) {
	dir := sdktest.GOPATH(t, analysistest.TestData())
	analysistest.Run(t, dir, sharedProbe, "shared")
}
