package reach_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/tablelint/tablelint/analyzers/internal/reach"
	"github.com/tablelint/tablelint/analyzers/internal/sdktest"
)

// TestReaches: the fact is exported on a package that imports the SDK and
// on one that imports such a package, not on one that does not.
func TestReaches(t *testing.T) {
	dir := sdktest.GOPATH(t, analysistest.TestData())
	for _, r := range analysistest.Run(t, dir, reach.Analyzer, "usesdk", "wrapper", "plain") {
		res := r.Result.(*reach.Result)
		want := r.Pass.Pkg.Path() != "plain"
		if res.Reaches != want {
			t.Errorf("%s: Reaches %v, want %v", r.Pass.Pkg.Path(), res.Reaches, want)
		}
		// GOPATH packages have no module: they are analysed, even
		// plain.
		if res.Skip {
			t.Errorf("%s: skipped", r.Pass.Pkg.Path())
		}
	}
}
