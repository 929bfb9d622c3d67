package tablename_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/tablelint/tablelint/analyzers/internal/fixtest"
	"github.com/tablelint/tablelint/analyzers/internal/sdktest"
	"github.com/tablelint/tablelint/analyzers/tablename"
)

func TestTableName(t *testing.T) {
	dir := sdktest.GOPATH(t, analysistest.TestData())
	sdktest.Run(t, dir, tablename.Analyzer, "valid")
}

// TestFixes applies every fix as drivers do: the result must be the
// golden file and type-check.
func TestFixes(t *testing.T) {
	fixtest.Run(t, analysistest.TestData(), tablename.Analyzer, "invalid")
}
