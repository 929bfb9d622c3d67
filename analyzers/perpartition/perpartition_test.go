package perpartition_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/tablelint/tablelint/analyzers/internal/sdktest"
	"github.com/tablelint/tablelint/analyzers/perpartition"
)

func TestPerPartition(t *testing.T) {
	if err := perpartition.Analyzer.Flags.Set("info", "true"); err != nil {
		t.Fatal(err)
	}
	defer perpartition.Analyzer.Flags.Set("info", "false")
	dir := sdktest.GOPATH(t, analysistest.TestData())
	sdktest.CheckMessages(t, sdktest.Run(t, dir, perpartition.Analyzer, "sequential", "parallel"))
}
