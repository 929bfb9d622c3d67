package propnames_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/tablelint/tablelint/analyzers/internal/sdktest"
	"github.com/tablelint/tablelint/analyzers/propnames"
)

func TestPropNames(t *testing.T) {
	dir := sdktest.GOPATH(t, analysistest.TestData())
	sdktest.CheckMessages(t, sdktest.Run(t, dir, propnames.Analyzer, "badnames", "goodnames", "propbags", "promoted"))
}

// TestSelfEncodedKeys: a key whose type encodes itself (a uuid.UUID is
// written as a JSON string) is silent; a named integer key is TL114.
func TestSelfEncodedKeys(t *testing.T) {
	dir := sdktest.GOPATH(t, analysistest.TestData())
	sdktest.CheckMessages(t, sdktest.Run(t, dir, propnames.Analyzer, "selfkeys"))
}

// TestCosmos: TL116 for a package naming a Cosmos DB endpoint; its
// corrected twin and the same names on Table storage are silent.
func TestCosmos(t *testing.T) {
	dir := sdktest.GOPATH(t, analysistest.TestData())
	sdktest.Run(t, dir, propnames.Analyzer, "cosmosnames", "cosmosok", "storagenames")
}

// TestCosmosFlag: -target=cosmos reports the reserved names of a package
// that names no endpoint.
func TestCosmosFlag(t *testing.T) {
	dir := sdktest.GOPATH(t, analysistest.TestData())
	if err := propnames.Analyzer.Flags.Set("target", "cosmos"); err != nil {
		t.Fatal(err)
	}
	defer propnames.Analyzer.Flags.Set("target", "storage")
	var got []string
	for _, r := range sdktest.Run(t, dir, propnames.Analyzer, "cosmosok") {
		for _, d := range r.Diagnostics {
			got = append(got, d.Message)
		}
	}
	if len(got) != 0 {
		t.Errorf("cosmosok under -target=cosmos: %q", got)
	}
	results := sdktest.Run(nopT{}, dir, propnames.Analyzer, "storagenames")
	n := 0
	for _, r := range results {
		for _, d := range r.Diagnostics {
			if d.Category == "TL116" {
				n++
			}
		}
	}
	if n != 2 {
		t.Errorf("storagenames under -target=cosmos: %d TL116, want 2 (Id, ResourceId)", n)
	}
}

// nopT drops analysistest's complaints: storagenames has no // want
// comments, which hold for the storage target.
type nopT struct{}

func (nopT) Errorf(string, ...any) {}
