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
	// One load (the standard library from source) for the six
	// packages; each but withetag, which is silent, must report.
	pkgs := []string{"withetag", "crossfunc", "illtyped", "listread", "decodehelper", "samekeys", "pagewrite", "rebuilt", "readhelper", "legacybatch", "legacysingle", "ownkeys", "rekeyed", "ownentries", "fieldkeys", "decodedrows", "readkinds"}
	results := sdktest.Run(t, dir, etag.Analyzer, pkgs...)
	if len(results) != len(pkgs) {
		t.Fatalf("%d results, want %d", len(results), len(pkgs))
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
