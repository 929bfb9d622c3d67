package keyformat_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/tablelint/tablelint/analyzers/internal/sdktest"
	"github.com/tablelint/tablelint/analyzers/keyformat"
)

func TestKeyFormat(t *testing.T) {
	dir := sdktest.GOPATH(t, analysistest.TestData())
	sdktest.CheckMessages(t, analysistest.Run(t, dir, keyformat.Analyzer, "padded", "blobnames", "wrappers"))
	sdktest.CheckMessages(t, analysistest.RunWithSuggestedFixes(t, dir, keyformat.Analyzer, "unpadded", "reverseticks"))
}
