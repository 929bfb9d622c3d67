package filterinjection_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/tablelint/tablelint/analyzers/filterinjection"
	"github.com/tablelint/tablelint/analyzers/internal/fixtest"
	"github.com/tablelint/tablelint/analyzers/internal/sdktest"
)

// TestFilterInjection checks the TL321 findings and applies every fix as
// drivers do: the result must be the golden file and type-check.
func TestFilterInjection(t *testing.T) {
	sdktest.Run(t, sdktest.GOPATH(t, analysistest.TestData()), filterinjection.Analyzer, "injectticks", "injectflow", "injectmaps", "injectcallers", "injectclosure", "injectescaper", "injectallowlist", "injectnamed", "injectoptsmethod", "injectmade", "injectmapped", "illtyped")
	fixtest.Run(t, analysistest.TestData(), filterinjection.Analyzer, "inject", "injectquote", "injectsink", "injectservice", "injectparam", "injectother", "injectbuilder", "injectcleaned", "injectindexed", "injectrunes")
}
