package entityshape_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/tablelint/tablelint/analyzers/entityshape"
	"github.com/tablelint/tablelint/analyzers/internal/sdktest"
)

func TestEntityShape(t *testing.T) {
	dir := sdktest.GOPATH(t, analysistest.TestData())
	sdktest.CheckMessages(t, sdktest.Run(t, dir, entityshape.Analyzer, "wide", "unbounded", "bounded", "paramfill/api", "localfill", "flowfill/app", "illtyped", "fieldfill", "condfill", "nestedprops", "argfield", "propsfill", "joinfill", "copyfill", "redecoded", "marshalfill", "encodefill", "nesteddoc", "compressfill", "reqmodel", "calledlit", "storeddoc", "storedlist"))
}
