package continuation

import "github.com/tablelint/tablelint/analyzers/internal/flow"

// flowParam is the source of a value the caller gives (a parameter, or
// a field of one), as the value-flow layer names it.
const flowParam = flow.Param
