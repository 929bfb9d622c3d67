package transactions_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/tablelint/tablelint/analyzers/internal/sdktest"
	"github.com/tablelint/tablelint/analyzers/transactions"
)

func TestTransactions(t *testing.T) {
	dir := sdktest.GOPATH(t, analysistest.TestData())
	sdktest.CheckMessages(t, sdktest.Run(t, dir, transactions.Analyzer, "toomany", "chunked", "crosspartition", "samepartition", "wrappers", "helperkeys", "bounds", "builders", "sized", "perloop", "counted", "readresults", "ownwrite", "cutrows", "givenchunks", "lenflow/...", "groupcaps/..."))
}

// TestPayload: SubmitTransaction payloads sized on the wire from what is
// known statically; on Cosmos DB (-target=cosmos) the limit is 2 MB.
func TestPayload(t *testing.T) {
	dir := sdktest.GOPATH(t, analysistest.TestData())
	sdktest.CheckMessages(t, sdktest.Run(t, dir, transactions.Analyzer, "payload"))
	for _, r := range sdktest.Run(&quiet{T: t}, dir, transactions.Analyzer, "payloadcosmos") {
		for _, d := range r.Diagnostics {
			t.Errorf("target storage: %s", d.Message)
		}
	}
	if err := transactions.Analyzer.Flags.Set("target", "cosmos"); err != nil {
		t.Fatal(err)
	}
	defer transactions.Analyzer.Flags.Set("target", "storage")
	sdktest.CheckMessages(t, sdktest.Run(t, dir, transactions.Analyzer, "payloadcosmos"))
}

// quiet drops analysistest's complaints about unmet // want comments,
// for runs where the wants are those of the other target.
type quiet struct{ *testing.T }

func (q *quiet) Errorf(format string, args ...any) {}
