package toplimit_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/tablelint/tablelint/analyzers/internal/fixtest"
	"github.com/tablelint/tablelint/analyzers/internal/sdktest"
	"github.com/tablelint/tablelint/analyzers/toplimit"
)

func TestTopLimit(t *testing.T) {
	dir := sdktest.GOPATH(t, analysistest.TestData())
	sdktest.Run(t, dir, toplimit.Analyzer, "within")
	fixtest.Run(t, analysistest.TestData(), toplimit.Analyzer, "over")
}

// TestTopLimitCosmos: on Cosmos DB for Table, by the flag or by an
// endpoint in the package, a $top over 1,000 is no finding.
func TestTopLimitCosmos(t *testing.T) {
	dir := sdktest.GOPATH(t, analysistest.TestData())
	sdktest.Run(t, dir, toplimit.Analyzer, "cosmosendpoint", "bigtop")
	if err := toplimit.Analyzer.Flags.Set("target", "cosmos"); err != nil {
		t.Fatal(err)
	}
	defer toplimit.Analyzer.Flags.Set("target", "storage")
	results := sdktest.Run(&quiet{T: t}, dir, toplimit.Analyzer, "bigtop")
	for _, r := range results {
		for _, d := range r.Diagnostics {
			t.Errorf("-target=cosmos: %s", d.Message)
		}
	}
}

// quiet drops analysistest's complaints about unmet // want comments,
// for runs where the wants are those of the storage target.
type quiet struct{ *testing.T }

func (q *quiet) Errorf(format string, args ...any) {}
