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
