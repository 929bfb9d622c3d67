package keychars_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/tablelint/tablelint/analyzers/internal/sdktest"
	"github.com/tablelint/tablelint/analyzers/keychars"
)

func TestKeyChars(t *testing.T) {
	dir := sdktest.GOPATH(t, analysistest.TestData())
	sdktest.CheckMessages(t, analysistest.Run(t, dir, keychars.Analyzer, "badchars", "goodchars", "requestkeys"))
}
