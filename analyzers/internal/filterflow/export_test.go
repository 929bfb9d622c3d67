package filterflow

import (
	"github.com/tablelint/tablelint/analyzers/internal/values"
	"github.com/tablelint/tablelint/odata"
	"github.com/tablelint/tablelint/plan"
)

// ParseNoRecover is Parse without its recover, for the fuzz test: a
// parser panic must fail the fuzzer, not be turned into "unknown".
func ParseNoRecover(v values.Value) (*odata.Filter, plan.Plan, error, bool) { return parse(v) }

// InjectParsePanic makes the parser panic until the returned function is
// called.
func InjectParsePanic() (restore func()) {
	old := parseTemplate
	parseTemplate = func(string) (*odata.Filter, error) { panic("injected") }
	return func() { parseTemplate = old }
}
