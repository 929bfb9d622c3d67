package entityshape_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/tablelint/tablelint/analyzers/entityshape"
	"github.com/tablelint/tablelint/analyzers/internal/sdktest"
)

func TestTmp(t *testing.T) {
	dir := sdktest.GOPATH(t, analysistest.TestData())
	sdktest.Run(t, dir, entityshape.Analyzer, "compressfill")
}
