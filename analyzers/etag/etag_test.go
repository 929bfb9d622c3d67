package etag_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/tablelint/tablelint/analyzers/etag"
	"github.com/tablelint/tablelint/analyzers/internal/fixtest"
	"github.com/tablelint/tablelint/analyzers/internal/sdktest"
)

func TestETag(t *testing.T) {
	dir := sdktest.GOPATH(t, analysistest.TestData())
	// One load (the standard library from source) for the four
	// packages; each but withetag, which is silent, must report.
	results := analysistest.Run(t, dir, etag.Analyzer, "withetag", "crossfunc", "illtyped", "listread")
	if len(results) != 4 {
		t.Fatalf("%d results, want 4", len(results))
	}
	for _, r := range results {
		if r.Pass == nil {
			t.Fatalf("a package was not analysed: %v", r.Err)
		}
		if r.Pass.Pkg.Path() != "withetag" {
			sdktest.CheckMessages(t, []*analysistest.Result{r})
		}
	}
	fixtest.Run(t, analysistest.TestData(), etag.Analyzer, "rmw", "anyonly", "legacy")
}
