package writes

import "github.com/tablelint/tablelint/analyzers/internal/sdk"

// Op returns the entity operation the write makes, from the SDK method it
// reaches (the zero sdk.Op for a legacy TableBatch action, which
// ExecuteBatch sends).
func (w Write) Op() sdk.Op { return sdk.MethodOp(w.Method, w.Legacy) }
