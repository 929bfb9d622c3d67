package staleretry_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/tablelint/tablelint/analyzers/internal/sdktest"
	"github.com/tablelint/tablelint/analyzers/staleretry"
)

func TestStaleRetry(t *testing.T) {
	if err := staleretry.Analyzer.Flags.Set("info", "true"); err != nil {
		t.Fatal(err)
	}
	defer staleretry.Analyzer.Flags.Set("info", "false")
	dir := sdktest.GOPATH(t, analysistest.TestData())
	sdktest.CheckMessages(t, sdktest.Run(t, dir, staleretry.Analyzer, "stale", "fresh"))
}
