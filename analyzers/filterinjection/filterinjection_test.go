package filterinjection_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/tablelint/tablelint/analyzers/filterinjection"
	"github.com/tablelint/tablelint/analyzers/internal/sdktest"
)

func TestFilterInjection(t *testing.T) {
	dir := sdktest.GOPATH(t, analysistest.TestData())
	sdktest.CheckMessages(t, analysistest.RunWithSuggestedFixes(t, dir, filterinjection.Analyzer, "inject", "injectquote", "injectsink", "injectservice", "injectparam", "injectother", "injectbuilder", "injectcleaned", "injectindexed", "injectrunes"))
}
