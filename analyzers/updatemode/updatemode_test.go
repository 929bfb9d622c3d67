package updatemode_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/tablelint/tablelint/analyzers/internal/sdktest"
	"github.com/tablelint/tablelint/analyzers/updatemode"
)

func TestUpdateMode(t *testing.T) {
	if err := updatemode.Analyzer.Flags.Set("info", "true"); err != nil {
		t.Fatal(err)
	}
	defer updatemode.Analyzer.Flags.Set("info", "false")
	dir := sdktest.GOPATH(t, analysistest.TestData())
	sdktest.CheckMessages(t, sdktest.Run(t, dir, updatemode.Analyzer, "partial", "complete", "discarded", "handled", "nullprops", "legacyreplace", "embedkeys", "fieldkeys"))
}
