// Package propbags: names in the Properties of the SDK's entity types.
package propbags

import (
	"time"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
	"github.com/Azure/azure-sdk-for-go/storage"
)

// A reading keeps its clock reading in a property named like the
// system one, and a name with a dash.
func reading(sensor, seq string, v float64) aztables.EDMEntity {
	return aztables.EDMEntity{
		Entity: aztables.Entity{PartitionKey: sensor, RowKey: seq},
		Properties: map[string]any{
			"Value":     v,
			"Timestamp": time.Now().Format(time.RFC3339), // want `TL114: Timestamp is a system property of the entity; its Properties cannot hold one of that name`
			"Kind":      "thermo",
		},
	}
}

// The legacy entity's Properties, assigned.
func legacyReading(t *storage.Table, sensor string) *storage.Entity {
	e := t.GetEntityReference(sensor, "last")
	e.Properties = map[string]interface{}{"RowKey": "last", "Value": 1.5} // want `TL114: RowKey is a system property`
	return e
}

// Silent: names of their own.
func readingOK(sensor, seq string, v float64) aztables.EDMEntity {
	return aztables.EDMEntity{
		Entity:     aztables.Entity{PartitionKey: sensor, RowKey: seq},
		Properties: map[string]any{"Value": v, "ReadAt": aztables.EDMDateTime(time.Now()), "SensorKind": "thermo"},
	}
}
