package lastn_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/tablelint/tablelint/analyzers/internal/sdktest"
	"github.com/tablelint/tablelint/analyzers/lastn"
)

func TestLastN(t *testing.T) {
	if err := lastn.Analyzer.Flags.Set("info", "true"); err != nil {
		t.Fatal(err)
	}
	defer lastn.Analyzer.Flags.Set("info", "false")
	dir := sdktest.GOPATH(t, analysistest.TestData())
	sdktest.CheckMessages(t, sdktest.Run(t, dir, lastn.Analyzer, "tail", "fine"))
}
