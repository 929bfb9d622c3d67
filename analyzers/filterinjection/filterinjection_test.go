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
	sdktest.Run(t, sdktest.GOPATH(t, analysistest.TestData()), filterinjection.Analyzer, "injectticks", "injectflow", "injectmaps", "injectcallers", "injectclosure", "injectescaper", "injectallowlist", "injectnamed", "injectoptsmethod", "injectmade", "injectmapped", "injectcut", "injectearly", "injectclass", "injectargv", "illtyped")
	fixtest.Run(t, analysistest.TestData(), filterinjection.Analyzer, "inject", "injectquote", "injectsink", "injectservice", "injectparam", "injectother", "injectbuilder", "injectcleaned", "injectindexed", "injectrunes")
}

// TestManyCallers: a helper's parameter given values by more calls than a
// value's variant bound (flow.MaxVariants) is checked against every call;
// a parameter used escaped and unescaped is reported at the unescaped use.
func TestManyCallers(t *testing.T) {
	sdktest.Run(t, sdktest.GOPATH(t, analysistest.TestData()), filterinjection.Analyzer, "injectmany", "injectmanyok")
}

// TestPrefixSuccessor: a prefix range's upper bound made by raising the
// last character of an encoded prefix (s[:n-1] + string(s[n-1]+1)) is
// quote-free when the encoder writes only characters above the quote;
// reported when it keeps '&' or only doubles quotes.
func TestPrefixSuccessor(t *testing.T) {
	sdktest.Run(t, sdktest.GOPATH(t, analysistest.TestData()), filterinjection.Analyzer, "injectsuccessor", "injectsuccessorok")
}
