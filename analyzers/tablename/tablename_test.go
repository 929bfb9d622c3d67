package tablename_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/tablelint/tablelint/analyzers/internal/sdktest"
	"github.com/tablelint/tablelint/analyzers/tablename"
)

func TestTableName(t *testing.T) {
	dir := sdktest.GOPATH(t, analysistest.TestData())
	analysistest.Run(t, dir, tablename.Analyzer, "valid")
	sdktest.CheckMessages(t, analysistest.RunWithSuggestedFixes(t, dir, tablename.Analyzer, "invalid"))
}
