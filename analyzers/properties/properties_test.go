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
	sdktest.CheckMessages(t, analysistest.Run(t, dir, properties.Analyzer, "unstorable", "storable", "timestamp", "dates", "int32range", "legacyprops"))
}

func TestInt64Fixes(t *testing.T) {
	fixtest.Run(t, analysistest.TestData(), properties.Analyzer, "int64fix")
}

func TestPropertiesInfo(t *testing.T) {
	if err := properties.Analyzer.Flags.Set("info", "true"); err != nil {
		t.Fatal(err)
	}
	defer properties.Analyzer.Flags.Set("info", "false")
	dir := sdktest.GOPATH(t, analysistest.TestData())
	sdktest.CheckMessages(t, analysistest.Run(t, dir, properties.Analyzer, "bigint"))
}
