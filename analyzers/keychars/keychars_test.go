package keychars_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/tablelint/tablelint/analyzers/internal/sdktest"
	"github.com/tablelint/tablelint/analyzers/keychars"
)

func TestKeyChars(t *testing.T) {
	dir := sdktest.GOPATH(t, analysistest.TestData())
	sdktest.CheckMessages(t, sdktest.Run(t, dir, keychars.Analyzer, "badchars", "goodchars", "requestkeys", "illtyped", "legacyrefs", "helperkeys", "parsedbody", "handlerkeys", "readkeys", "legacyfields", "legacyfieldsok", "generickeys", "generickeysok", "sharedhelper", "sharedhelperok", "constguards", "constguardsok", "decodedslice", "classcheck", "classcheckok", "substrkeys", "substrkeysok", "overwritten", "overwrittenok", "configequal", "ifacereads", "ginkeys", "ifacekeys/store", "ifacekeys/api", "otherdecoder"))
}

// TestKeyLength: TL202 for a RowKey over 255 bytes in a package naming a
// Cosmos DB endpoint; the same key within 1 KiB on Table storage, and
// the corrected twin, are silent.
func TestKeyLength(t *testing.T) {
	dir := sdktest.GOPATH(t, analysistest.TestData())
	sdktest.Run(t, dir, keychars.Analyzer, "cosmoskeys", "cosmoskeysok", "longkeys")
}
