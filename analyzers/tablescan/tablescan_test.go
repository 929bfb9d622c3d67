package tablescan_test

import (
	"os"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"

	"github.com/tablelint/tablelint/analyzers/internal/filterflow"

	"github.com/tablelint/tablelint/analyzers/internal/sdktest"
	"github.com/tablelint/tablelint/analyzers/tablescan"
)

func TestTableScan(t *testing.T) {
	dir := sdktest.GOPATH(t, analysistest.TestData())
	sdktest.CheckMessages(t, sdktest.Run(t, dir, tablescan.Analyzer, "basic", "negatives", "optshelper", "optscaller", "conditional", "funcvalues", "toplevelor", "legacy", "sinkrepo", "sinkservice", "appendfilter", "invalidfilter", "storedtypes", "flowshapes", "addressfill", "closuresink", "storedtemplate", "optsmethod", "mappedsink", "twoflows"))
}

func TestPartitionScanInfo(t *testing.T) {
	if err := tablescan.Analyzer.Flags.Set("info", "true"); err != nil {
		t.Fatal(err)
	}
	defer tablescan.Analyzer.Flags.Set("info", "false")
	dir := sdktest.GOPATH(t, analysistest.TestData())
	sdktest.CheckMessages(t, sdktest.Run(t, dir, tablescan.Analyzer, "partitionscan"))
}

// TestInterfaceDispatch: with a whole-program summary installed (as
// tablelint check does), a call through an interface is checked against
// the implementations the program has; without it, it is not followed.
func TestInterfaceDispatch(t *testing.T) {
	dir := sdktest.GOPATH(t, analysistest.TestData())
	cfg := &packages.Config{Mode: packages.LoadAllSyntax, Dir: dir,
		Env: append(os.Environ(), "GOPATH="+dir, "GO111MODULE=off", "GOWORK=off")}
	pkgs, err := packages.Load(cfg, "ifacestore", "ifaceservice")
	if err != nil || packages.PrintErrors(pkgs) > 0 {
		t.Fatalf("load: %v", err)
	}
	g, err := checker.Analyze([]*analysis.Analyzer{filterflow.Analyzer}, pkgs, nil)
	if err != nil {
		t.Fatal(err)
	}
	var facts []analysis.ObjectFact
	for _, act := range g.Roots {
		facts = append(facts, act.AllObjectFacts()...)
	}
	if len(facts) == 0 {
		t.Fatal("no sink facts in ifacestore")
	}
	filterflow.SetProgram(filterflow.NewProgram(facts))
	defer filterflow.SetProgram(nil)
	sdktest.CheckMessages(t, sdktest.Run(t, dir, tablescan.Analyzer, "ifaceservice"))
}

// TestManyCallers: a query helper given its filter by more calls than a
// value's variant bound (flow.MaxVariants) is checked at every call.
func TestManyCallers(t *testing.T) {
	sdktest.Run(t, sdktest.GOPATH(t, analysistest.TestData()), tablescan.Analyzer, "manycallers", "manycallersok")
}
