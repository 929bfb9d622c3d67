package partitionbatch_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/tablelint/tablelint/analyzers/internal/sdktest"
	"github.com/tablelint/tablelint/analyzers/partitionbatch"
)

func TestPartitionBatch(t *testing.T) {
	if err := partitionbatch.Analyzer.Flags.Set("info", "true"); err != nil {
		t.Fatal(err)
	}
	defer partitionbatch.Analyzer.Flags.Set("info", "false")
	dir := sdktest.GOPATH(t, analysistest.TestData())
	sdktest.CheckMessages(t, sdktest.Run(t, dir, partitionbatch.Analyzer, "sequence", "separate"))
}
