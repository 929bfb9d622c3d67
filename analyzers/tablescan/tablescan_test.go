package tablescan_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/tablelint/tablelint/analyzers/internal/sdktest"
	"github.com/tablelint/tablelint/analyzers/tablescan"
)

func TestTableScan(t *testing.T) {
	dir := sdktest.GOPATH(t, analysistest.TestData())
	analysistest.Run(t, dir, tablescan.Analyzer, "basic", "negatives", "optshelper", "optscaller", "legacy", "sinkrepo", "sinkservice")
}

func TestPartitionScanInfo(t *testing.T) {
	if err := tablescan.Analyzer.Flags.Set("info", "true"); err != nil {
		t.Fatal(err)
	}
	defer tablescan.Analyzer.Flags.Set("info", "false")
	dir := sdktest.GOPATH(t, analysistest.TestData())
	analysistest.Run(t, dir, tablescan.Analyzer, "partitionscan")
}
