// Package all lists every tablelint Go analyzer, for the drivers
// (`tablelint check`, the go vet tool, the golangci-lint plugin). Add a
// new analyzer here and every driver runs it.
package all

import (
	"golang.org/x/tools/go/analysis"

	"github.com/tablelint/tablelint/analyzers/continuation"
	"github.com/tablelint/tablelint/analyzers/entityshape"
	"github.com/tablelint/tablelint/analyzers/filterinjection"
	"github.com/tablelint/tablelint/analyzers/keyformat"
	"github.com/tablelint/tablelint/analyzers/tablename"
	"github.com/tablelint/tablelint/analyzers/tablescan"
	"github.com/tablelint/tablelint/analyzers/timepartition"
	"github.com/tablelint/tablelint/analyzers/transactions"
)

// Analyzers returns the analyzers, query checks first.
func Analyzers() []*analysis.Analyzer {
	return []*analysis.Analyzer{
		tablescan.Analyzer,
		filterinjection.Analyzer,
		continuation.Analyzer,
		// Write-side analyzers (keys, entity shape, transactions, table
		// names) are appended below.
		keyformat.Analyzer,
		timepartition.Analyzer,
		transactions.Analyzer,
		tablename.Analyzer,
		entityshape.Analyzer,
	}
}
