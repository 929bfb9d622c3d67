package legacyprops

import (
	"strings"
	"time"

	"github.com/Azure/azure-sdk-for-go/storage"
)

// The legacy Entity annotates a time.Time as Edm.DateTime and an int64
// as Edm.Int64; an int is sent bare.
func save(t *storage.Table, pk, rk string, n int64) error {
	var due time.Time
	e := t.GetEntityReference(pk, rk)
	e.Properties = map[string]interface{}{
		"Due":     due, // want `TL124: property Due is an Edm.DateTime of due, still zero`
		"Created": time.Now(),
		"Bytes":   int64(5_000_000_000), // Edm.Int64: silent
		"Limit":   5_000_000_000,        // want `TL125: property Limit gets 5000000000 beyond Int32`
		"When":    time.Now().Format(time.RFC3339),
	}
	e.Properties["Closed"] = time.Time{} // want `TL124: property Closed is an Edm.DateTime of zero time`
	e.Properties["N"] = n
	e.TimeStamp = time.Now() // want `TL128: Timestamp is set by the client`
	return e.Insert(storage.EmptyPayload, nil)
}

// A TimeStamp read back, or set on an entity never written: silent.
func touch(t *storage.Table, seen time.Time) time.Time {
	e := t.GetEntityReference("p", "r")
	e.TimeStamp = seen
	return e.TimeStamp
}

// Never written.
func view(t *storage.Table) *storage.Entity {
	e := t.GetEntityReference("p", "r")
	e.Properties = map[string]interface{}{"Due": time.Time{}}
	return e
}

// Shipment is what a courier reports; its fields reach the legacy
// Entity's Properties as they are.
type Shipment struct {
	ID     string
	Stops  []string
	Extra  map[string]string
	Weight float64
	Label  []byte
}

// The legacy MarshalJSON passes a slice or a map on to encoding/json: a
// JSON array or object, which the service rejects.
func ship(t *storage.Table, s Shipment) error {
	e := t.GetEntityReference("shipments", s.ID)
	e.Properties = map[string]interface{}{
		"Stops": s.Stops, // want `TL126: property Stops is a \[\]string, which encoding/json writes as a JSON array`
		"Extra": s.Extra, // want `TL126: property Extra is a map\[string\]string, which encoding/json writes as a JSON object`
	}
	return e.Insert(storage.EmptyPayload, nil)
}

// Silent twin: the stops joined into one string, the weight a Double,
// the label bytes an Edm.Binary.
func shipFlat(t *storage.Table, s Shipment) error {
	e := t.GetEntityReference("shipments", s.ID)
	e.Properties = map[string]interface{}{
		"Stops":  strings.Join(s.Stops, ";"),
		"Weight": s.Weight,
		"Label":  s.Label,
	}
	return e.Insert(storage.EmptyPayload, nil)
}

// A list and a nested map among the legacy properties: its MarshalJSON
// sends them as encoding/json does.
func tagged(t *storage.Table, pk string, tags []string, dims map[string]int) error {
	e := t.GetEntityReference(pk, "tagged")
	e.Properties = map[string]interface{}{
		"Tags":  tags, // want `TL126: property Tags is a \[\]string, which encoding/json writes as a JSON array`
		"Dims":  dims, // want `TL126: property Dims is a map\[string\]int`
		"Raw":   []byte("x"),
		"Label": strings.Join(tags, ","),
	}
	return e.InsertOrMerge(nil)
}

// Silent: the same values on an entity never written.
func draft(t *storage.Table, tags []string) *storage.Entity {
	e := t.GetEntityReference("p", "draft")
	e.Properties = map[string]interface{}{"Tags": tags}
	return e
}
