// Package stampflow: entities whose Timestamp is set on the way to a
// write through a builder method, the SDK's own MarshalJSON, and a
// "Timestamp" entry of an entity's Properties.
package stampflow

import (
	"context"
	"encoding/json"
	"time"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
	"github.com/Azure/azure-sdk-for-go/storage"
)

type ledger struct {
	tc *aztables.Client
}

// row builds the entity that post marshals with the SDK's MarshalJSON.
func (l *ledger) row(acct, seq string, amount float64) aztables.EDMEntity {
	return aztables.EDMEntity{
		Entity: aztables.Entity{
			PartitionKey: acct,
			RowKey:       seq,
			Timestamp:    aztables.EDMDateTime(time.Now().UTC()), // want `TL128: Timestamp is set by the client`
		},
		Properties: map[string]any{"Amount": amount},
	}
}

func (l *ledger) post(ctx context.Context, acct, seq string, amount float64) error {
	b, err := l.row(acct, seq, amount).MarshalJSON()
	if err != nil {
		return err
	}
	_, err = l.tc.UpsertEntity(ctx, b, nil)
	return err
}

// open marshals a variable with MarshalJSON.
func (l *ledger) open(ctx context.Context, acct string) error {
	e := aztables.EDMEntity{Entity: aztables.Entity{PartitionKey: acct, RowKey: "head", Timestamp: aztables.EDMDateTime(time.Now())}} // want `TL128`
	b, err := e.MarshalJSON()
	if err != nil {
		return err
	}
	_, err = l.tc.AddEntity(ctx, b, nil)
	return err
}

// note keeps a "Timestamp" entry among the properties.
func (l *ledger) note(ctx context.Context, acct, text string) error {
	e := aztables.EDMEntity{
		Entity: aztables.Entity{PartitionKey: acct, RowKey: "note"},
		Properties: map[string]any{
			"Text":      text,
			"Timestamp": time.Now().Format(time.RFC3339), // want `TL128`
		},
	}
	b, _ := json.Marshal(e)
	_, err := l.tc.UpsertEntity(ctx, b, nil)
	return err
}

// legacyNote does the same on the legacy API.
func legacyNote(t *storage.Table, acct string) error {
	e := t.GetEntityReference(acct, "note")
	e.Properties = map[string]interface{}{"Timestamp": time.Now()} // want `TL128`
	return e.InsertOrReplace(nil)
}

// Silent: the time kept in a property of its own, through the same
// builder and MarshalJSON.
func (l *ledger) rowOwnTime(acct, seq string) aztables.EDMEntity {
	return aztables.EDMEntity{
		Entity:     aztables.Entity{PartitionKey: acct, RowKey: seq},
		Properties: map[string]any{"PostedAt": aztables.EDMDateTime(time.Now())},
	}
}

func (l *ledger) postOwnTime(ctx context.Context, acct, seq string) error {
	b, err := l.rowOwnTime(acct, seq).MarshalJSON()
	if err != nil {
		return err
	}
	_, err = l.tc.AddEntity(ctx, b, nil)
	return err
}

// Silent: a builder whose entity is only read back, never written.
func (l *ledger) probe(acct string) aztables.EDMEntity {
	return aztables.EDMEntity{Entity: aztables.Entity{PartitionKey: acct, RowKey: "probe", Timestamp: aztables.EDMDateTime(time.Now())}}
}

func (l *ledger) age(acct string) time.Duration {
	return time.Since(time.Time(l.probe(acct).Timestamp))
}

// event is an entity of the package.
type event struct {
	aztables.Entity
	Kind string
}

// stamp sets the Timestamp of the event it is given.
func stamp(e *event) {
	e.Timestamp = aztables.EDMDateTime(time.Now()) // want `TL128: Timestamp is set by the client`
}

// touch sets a time of the event's own.
func touch(e *event) { e.Kind = "touched" }

func (l *ledger) record(ctx context.Context, id string) error {
	ev := event{Entity: aztables.Entity{PartitionKey: "events", RowKey: id}, Kind: "x"}
	stamp(&ev)
	touch(&ev)
	b, _ := json.Marshal(ev)
	_, err := l.tc.AddEntity(ctx, b, nil)
	return err
}

// Silent: an event stamped but never written.
func (l *ledger) draft(id string) event {
	ev := event{Entity: aztables.Entity{PartitionKey: "drafts", RowKey: id}}
	stampDraft(&ev)
	return ev
}

func stampDraft(e *event) { e.Timestamp = aztables.EDMDateTime(time.Now()) }

// epochStamp keeps a Unix time in an entry named Timestamp: not a time,
// so not TL128 (propnames reports the reserved name: TL114).
func epochStamp(ctx context.Context, c *aztables.Client, id string, unix int64) {
	b, _ := json.Marshal(map[string]any{"PartitionKey": "p", "RowKey": id, "Timestamp": unix})
	_, _ = c.AddEntity(ctx, b, nil)
}
