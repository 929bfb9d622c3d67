package etag_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/tablelint/tablelint/analyzers/etag"
	"github.com/tablelint/tablelint/analyzers/internal/sdktest"
)

func TestETag(t *testing.T) {
	dir := sdktest.GOPATH(t, analysistest.TestData())
	analysistest.Run(t, dir, etag.Analyzer, "withetag")
	analysistest.RunWithSuggestedFixes(t, dir, etag.Analyzer, "rmw")
}
