package etag_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/tablelint/tablelint/analyzers/etag"
	"github.com/tablelint/tablelint/analyzers/internal/fixtest"
	"github.com/tablelint/tablelint/analyzers/internal/sdktest"
)

func TestETag(t *testing.T) {
	dir := sdktest.GOPATH(t, analysistest.TestData())
	sdktest.Run(t, dir, etag.Analyzer, "withetag") // silent: no messages to check
	sdktest.CheckMessages(t, sdktest.Run(t, dir, etag.Analyzer, "crossfunc"))
	sdktest.CheckMessages(t, sdktest.Run(t, dir, etag.Analyzer, "illtyped"))
	sdktest.CheckMessages(t, sdktest.Run(t, dir, etag.Analyzer, "listread"))
	fixtest.Run(t, analysistest.TestData(), etag.Analyzer, "rmw", "anyonly", "legacy")
}
