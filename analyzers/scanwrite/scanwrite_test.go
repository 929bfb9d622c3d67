package scanwrite_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/tablelint/tablelint/analyzers/internal/sdktest"
	"github.com/tablelint/tablelint/analyzers/scanwrite"
)

func TestScanWrite(t *testing.T) {
	if err := scanwrite.Analyzer.Flags.Set("info", "true"); err != nil {
		t.Fatal(err)
	}
	defer scanwrite.Analyzer.Flags.Set("info", "false")
	dir := sdktest.GOPATH(t, analysistest.TestData())
	sdktest.CheckMessages(t, sdktest.Run(t, dir, scanwrite.Analyzer, "scan", "keyed"))
}
