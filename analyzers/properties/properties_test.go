package properties_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/tablelint/tablelint/analyzers/internal/sdktest"
	"github.com/tablelint/tablelint/analyzers/properties"
)

func TestProperties(t *testing.T) {
	dir := sdktest.GOPATH(t, analysistest.TestData())
	sdktest.CheckMessages(t, analysistest.Run(t, dir, properties.Analyzer, "unstorable", "storable", "timestamp", "dates", "int32range", "legacyprops"))
}

func TestPropertiesInfo(t *testing.T) {
	if err := properties.Analyzer.Flags.Set("info", "true"); err != nil {
		t.Fatal(err)
	}
	defer properties.Analyzer.Flags.Set("info", "false")
	dir := sdktest.GOPATH(t, analysistest.TestData())
	sdktest.CheckMessages(t, analysistest.Run(t, dir, properties.Analyzer, "bigint"))
}
