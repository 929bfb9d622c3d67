package transactions_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/tablelint/tablelint/analyzers/internal/sdktest"
	"github.com/tablelint/tablelint/analyzers/transactions"
)

func TestTransactions(t *testing.T) {
	dir := sdktest.GOPATH(t, analysistest.TestData())
	sdktest.CheckMessages(t, analysistest.Run(t, dir, transactions.Analyzer, "toomany", "chunked", "crosspartition", "samepartition", "wrappers", "helperkeys", "bounds", "builders"))
}
