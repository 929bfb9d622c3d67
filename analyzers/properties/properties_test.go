package properties_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/tablelint/tablelint/analyzers/internal/fixtest"
	"github.com/tablelint/tablelint/analyzers/internal/sdktest"
	"github.com/tablelint/tablelint/analyzers/properties"
)

func TestProperties(t *testing.T) {
	dir := sdktest.GOPATH(t, analysistest.TestData())
	sdktest.CheckMessages(t, sdktest.Run(t, dir, properties.Analyzer, "unstorable", "storable", "timestamp", "dates", "int32range", "legacyprops", "edmnested", "stampflow", "propsvar", "legacystamp", "nilfield", "datecallers", "datechain", "writtentype", "zeroflow", "writtenbytes", "propsdispatch"))
}

func TestInt64Fixes(t *testing.T) {
	fixtest.Run(t, analysistest.TestData(), properties.Analyzer, "int64fix")
}

// TestBigIntegers runs without -info: integers beyond 2^53 are TL125
// warnings (they were TL127 info findings in 0.1.0).
func TestBigIntegers(t *testing.T) {
	dir := sdktest.GOPATH(t, analysistest.TestData())
	sdktest.CheckMessages(t, sdktest.Run(t, dir, properties.Analyzer, "bigint"))
}
