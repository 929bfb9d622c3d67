// Package target says which service the analysed code runs on: Azure
// Table storage (the default) or Azure Cosmos DB for Table, whose limits
// differ (package limits). An analyzer that checks a limit that differs
// registers a -target flag with Register and asks For which limits hold for a
// package: the flag's, or Cosmos DB's when the package names a Cosmos DB
// for Table endpoint (https://ACCOUNT.table.cosmos.azure.com) in a string
// constant.
//
// `tablelint check` and the golangci-lint plugin set every analyzer's
// -target flag from the configuration (target: in .tablelint.yaml, the
// plugin's target setting); under go vet pass -NAME.target=cosmos.
package target

import (
	"flag"
	"fmt"
	"go/ast"
	"go/constant"
	"go/token"
	"reflect"

	"golang.org/x/tools/go/analysis"

	"github.com/tablelint/tablelint/internal/limits"
)

// FlagName is the analyzers' flag.
const FlagName = "target"

// Value is a -target flag: storage or cosmos.
type Value struct{ t limits.Target }

// String returns the target's name.
func (v *Value) String() string {
	if v == nil || v.t == "" {
		return string(limits.Storage)
	}
	return string(v.t)
}

// Set sets the target; anything but storage or cosmos is an error.
func (v *Value) Set(s string) error {
	t, ok := limits.ParseTarget(s)
	if !ok {
		return fmt.Errorf("unknown target %q: want storage or cosmos", s)
	}
	v.t = t
	return nil
}

// Register registers v as the -target flag of fs.
func Register(fs *flag.FlagSet, v *Value) {
	fs.Var(v, FlagName, "the service the code runs on: storage (Azure Table storage) or cosmos (Azure Cosmos DB for Table; also assumed when the package names a *.table.cosmos.azure.com endpoint)")
}

// Analyzer finds the Cosmos DB for Table endpoints a package's string
// constants name. Its result is a *Result.
var Analyzer = &analysis.Analyzer{
	Name:             "tabletarget",
	Doc:              "find string constants naming a Cosmos DB for Table endpoint (*.table.cosmos.azure.com)",
	Run:              run,
	RunDespiteErrors: true,
	ResultType:       reflect.TypeFor[*Result](),
}

// Result is what Analyzer found.
type Result struct {
	// Endpoint is the first string constant that names a Cosmos DB for
	// Table endpoint; token.NoPos when there is none.
	Endpoint token.Pos
}

func run(pass *analysis.Pass) (any, error) {
	res := &Result{}
	for _, f := range pass.Files {
		ast.Inspect(f, func(n ast.Node) bool {
			if res.Endpoint.IsValid() {
				return false
			}
			lit, ok := n.(*ast.BasicLit)
			if !ok || lit.Kind != token.STRING {
				return true
			}
			if tv, ok := pass.TypesInfo.Types[lit]; ok && tv.Value != nil && tv.Value.Kind() == constant.String &&
				limits.CosmosEndpoint(constant.StringVal(tv.Value)) {
				res.Endpoint = lit.Pos()
			}
			return true
		})
	}
	return res, nil
}

// For returns the limits that hold for the package of pass: Cosmos DB's
// when v says cosmos or the package names a Cosmos DB for Table endpoint
// (the analyzer must require Analyzer), else Table storage's.
func For(pass *analysis.Pass, v *Value) *limits.Service {
	if v != nil && v.t == limits.Cosmos {
		return limits.For(limits.Cosmos)
	}
	if r, ok := pass.ResultOf[Analyzer].(*Result); ok && r.Endpoint.IsValid() {
		return limits.For(limits.Cosmos)
	}
	return limits.For(limits.Storage)
}
