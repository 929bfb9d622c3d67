package timepartition_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/tablelint/tablelint/analyzers/internal/sdktest"
	"github.com/tablelint/tablelint/analyzers/timepartition"
)

func TestTimePartition(t *testing.T) {
	dir := sdktest.GOPATH(t, analysistest.TestData())
	sdktest.CheckMessages(t, sdktest.Run(t, dir, timepartition.Analyzer, "hot", "logtail", "wrapperlocal", "wrappers/app", "nowfallback", "settledfallback", "returnedref", "structtime", "illtyped", "fieldnow", "keyonce", "reachwrite", "reachread", "twofiles"))
}
