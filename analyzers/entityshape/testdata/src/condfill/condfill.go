package condfill

import (
	"encoding/json"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

// Order carries free-form attributes a client attached.
type Order struct {
	ID    string
	Shop  string
	Attrs map[string]string
	Lines []string
}

// The attributes are marshalled only when present: the property's
// variable has two assignments, and the second one has no bound.
func toRow(o Order) (aztables.EDMEntity, error) {
	attrs := ""
	if len(o.Attrs) > 0 {
		b, err := json.Marshal(o.Attrs)
		if err != nil {
			return aztables.EDMEntity{}, err
		}
		attrs = string(b)
	}
	return aztables.EDMEntity{
		Entity: aztables.Entity{PartitionKey: o.Shop, RowKey: o.ID},
		Properties: map[string]any{
			"Attrs": attrs, // want `TL122: property Attrs is filled from a marshalled document \(o.Attrs\) with no length check`
		},
	}, nil
}

// Silent below.

// The marshalled text is length-checked before it is kept.
func toRowChecked(o Order) (aztables.EDMEntity, error) {
	lines := "[]"
	if o.Lines != nil {
		b, err := json.Marshal(o.Lines)
		if err != nil {
			return aztables.EDMEntity{}, err
		}
		if len(b) > 30000 {
			b = b[:0]
		}
		lines = string(b)
	}
	return aztables.EDMEntity{
		Entity:     aztables.Entity{PartitionKey: o.Shop, RowKey: o.ID},
		Properties: map[string]any{"Lines": lines},
	}, nil
}

// Both assignments are short constants.
func toRowState(o Order, done bool) aztables.EDMEntity {
	state := "open"
	if done {
		state = "done"
	}
	return aztables.EDMEntity{
		Entity:     aztables.Entity{PartitionKey: o.Shop, RowKey: o.ID},
		Properties: map[string]any{"State": state},
	}
}

// The marshalled text is cut by a helper that takes the earlier value.
func toRowCut(o Order) aztables.EDMEntity {
	b, _ := json.Marshal(o.Lines)
	lines := string(b)
	lines = clip(lines, 30000)
	return aztables.EDMEntity{
		Entity:     aztables.Entity{PartitionKey: o.Shop, RowKey: o.ID},
		Properties: map[string]any{"Lines": lines},
	}
}

func clip(s string, n int) string {
	if len(s) > n {
		return s[:n]
	}
	return s
}
