// Package legacystamp: a legacy storage.Entity built as a literal whose
// TimeStamp the client sets, then written (its encoding never sends
// TimeStamp: the time is lost).
package legacystamp

import (
	"time"

	"github.com/Azure/azure-sdk-for-go/storage"
)

// A reading stamped with the time it was taken, upserted in a batch.
func record(t *storage.Table, sensor, seq string, at time.Time) error {
	e := &storage.Entity{
		Table:        t,
		PartitionKey: sensor,
		RowKey:       seq,
		TimeStamp:    at, // want `TL128: Timestamp is set by the client`
	}
	e.Properties = map[string]interface{}{"Value": 1.5}
	b := t.NewBatch()
	b.InsertOrReplaceEntity(e, false)
	return b.ExecuteBatch()
}

// The same, written alone.
func recordOne(t *storage.Table, sensor, seq string) error {
	e := storage.Entity{Table: t, PartitionKey: sensor, RowKey: seq, TimeStamp: time.Now()} // want `TL128: Timestamp is set by the client`
	return e.Insert(storage.EmptyPayload, nil)
}

// Silent: the time kept in a property of its own, a zero TimeStamp,
// and a literal never written.
func recordTaken(t *storage.Table, sensor, seq string, at time.Time) error {
	e := &storage.Entity{Table: t, PartitionKey: sensor, RowKey: seq, TimeStamp: time.Time{}}
	e.Properties = map[string]interface{}{"TakenAt": at}
	b := t.NewBatch()
	b.InsertOrMergeEntity(e, false)
	return b.ExecuteBatch()
}

func describe(sensor string, at time.Time) *storage.Entity {
	return &storage.Entity{PartitionKey: sensor, TimeStamp: at}
}

// stampedRow builds the row in a helper: its Properties carry a
// "Timestamp" entry, the time the caller wants kept.
func stampedRow(t *storage.Table, sensor, seq string, at time.Time) *storage.Entity {
	e := t.GetEntityReference(sensor, seq)
	e.Properties = map[string]interface{}{
		"Value":     2.5,
		"Timestamp": at, // want `TL128: Timestamp is set by the client`
	}
	return e
}

func recordStamped(t *storage.Table, sensor, seq string) error {
	return stampedRow(t, sensor, seq, time.Now()).InsertOrMerge(nil)
}

// Silent: the helper keeps the time in a property of its own.
func takenRow(t *storage.Table, sensor, seq string, at time.Time) *storage.Entity {
	e := t.GetEntityReference(sensor, seq)
	e.Properties = map[string]interface{}{"Value": 2.5, "TakenAt": at}
	return e
}

func recordTakenRow(t *storage.Table, sensor, seq string) error {
	return takenRow(t, sensor, seq, time.Now()).InsertOrMerge(nil)
}

// Silent: a helper's row that is never written.
func draftRow(t *storage.Table, sensor string, at time.Time) *storage.Entity {
	e := t.GetEntityReference(sensor, "draft")
	e.Properties = map[string]interface{}{"Timestamp": at}
	return e
}
