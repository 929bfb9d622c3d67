package idempotency_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/tablelint/tablelint/analyzers/idempotency"
	"github.com/tablelint/tablelint/analyzers/internal/fixtest"
	"github.com/tablelint/tablelint/analyzers/internal/sdktest"
)

func TestIdempotency(t *testing.T) {
	dir := sdktest.GOPATH(t, analysistest.TestData())
	sdktest.CheckMessages(t, sdktest.Run(t, dir, idempotency.Analyzer, "handlers", "idempotent"))
}

func TestFixes(t *testing.T) {
	fixtest.Run(t, analysistest.TestData(), idempotency.Analyzer, "handlers")
}
