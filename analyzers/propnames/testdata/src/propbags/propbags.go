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

// A "Timestamp" entry holding a string is a String property of the
// reserved name; one holding a time sets the system Timestamp itself,
// which the service ignores: that is TL128's (properties), not a name
// problem, whether the entity is aztables' or the legacy one.
func stamped(t *storage.Table, sensor string, at time.Time) (*storage.Entity, aztables.EDMEntity) {
	e := t.GetEntityReference(sensor, "stamped")
	e.Properties = map[string]interface{}{"Value": 1.5, "Timestamp": at}
	edm := aztables.EDMEntity{
		Entity:     aztables.Entity{PartitionKey: sensor, RowKey: "stamped"},
		Properties: map[string]any{"Timestamp": aztables.EDMDateTime(at), "Count": 3},
	}
	return e, edm
}

func stampedText(t *storage.Table, sensor string, at time.Time) *storage.Entity {
	e := t.GetEntityReference(sensor, "text")
	e.Properties = map[string]interface{}{"Timestamp": at.String()} // want `TL114: Timestamp is a system property`
	return e
}
