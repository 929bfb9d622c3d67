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
	analysistest.Run(t, dir, toplimit.Analyzer, "within")
	fixtest.Run(t, analysistest.TestData(), toplimit.Analyzer, "over")
}
