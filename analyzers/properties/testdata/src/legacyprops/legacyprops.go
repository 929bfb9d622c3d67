package legacyprops

import (
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
