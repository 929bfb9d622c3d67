package keyformat_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/tablelint/tablelint/analyzers/internal/fixtest"
	"github.com/tablelint/tablelint/analyzers/internal/sdktest"
	"github.com/tablelint/tablelint/analyzers/keyformat"
)

func TestKeyFormat(t *testing.T) {
	dir := sdktest.GOPATH(t, analysistest.TestData())
	sdktest.CheckMessages(t, sdktest.Run(t, dir, keyformat.Analyzer, "padded", "blobnames", "wrappers", "helpers", "timeconv", "funcfields", "funcfieldsok", "revhelpers/...", "legacykeys", "pointreads"))
}

// TestFixes applies every TL204/TL205 fix as golangci-lint --fix and go
// vet -fix do, compares with the golden files and type-checks the result.
func TestFixes(t *testing.T) {
	fixtest.Run(t, analysistest.TestData(), keyformat.Analyzer, "unpadded", "reverseticks", "lastuse")
}
