package continuation_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/tablelint/tablelint/analyzers/continuation"
	"github.com/tablelint/tablelint/analyzers/internal/sdktest"
)

func TestContinuation(t *testing.T) {
	dir := sdktest.GOPATH(t, analysistest.TestData())
	sdktest.CheckMessages(t, sdktest.Run(t, dir, continuation.Analyzer, "paging", "legacypaging", "shortpage", "optspaging", "branchfilter"))
}
