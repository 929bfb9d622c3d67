package batchdup_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/tablelint/tablelint/analyzers/batchdup"
	"github.com/tablelint/tablelint/analyzers/internal/sdktest"
)

func TestBatchDup(t *testing.T) {
	dir := sdktest.GOPATH(t, analysistest.TestData())
	sdktest.CheckMessages(t, sdktest.Run(t, dir, batchdup.Analyzer, "dup", "distinct"))
}
