// Package datecallers: DateTime properties filled from a parameter (or a
// field of one) or from a map the caller gives as Properties; a caller in
// the package that leaves the time zero makes the write fail.
package datecallers

import (
	"context"
	"encoding/json"
	"time"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
	"github.com/Azure/azure-sdk-for-go/storage"
)

// Lease is one lease as the service hands it out.
type Lease struct {
	ID      string
	Holder  string
	Granted time.Time
	Expires time.Time
}

type leases struct{ tc *aztables.Client }

// put writes a lease with both its times as DateTimes.
func (l *leases) put(ctx context.Context, x Lease) error {
	props := map[string]any{
		"Holder":  x.Holder,
		"Granted": aztables.EDMDateTime(x.Granted),
		"Expires": aztables.EDMDateTime(x.Expires), // want `TL124: property Expires is an Edm.DateTime of Expires left out of the literal at line 52`
	}
	b, err := json.Marshal(aztables.EDMEntity{Entity: aztables.Entity{PartitionKey: "leases", RowKey: x.ID}, Properties: props})
	if err != nil {
		return err
	}
	_, err = l.tc.AddEntity(ctx, b, nil)
	return err
}

// putDue writes one DateTime given as a parameter.
func (l *leases) putDue(ctx context.Context, id string, due time.Time) error {
	b, _ := json.Marshal(aztables.EDMEntity{
		Entity:     aztables.Entity{PartitionKey: "due", RowKey: id},
		Properties: map[string]any{"Due": aztables.EDMDateTime(due)}, // want `TL124: property Due is an Edm.DateTime of zero time 0001-01-01 \(passed at line 75\)`
	})
	_, err := l.tc.AddEntity(ctx, b, nil)
	return err
}

// grantOpen grants a lease with no end: Expires is never set.
func (l *leases) grantOpen(ctx context.Context, id, holder string) error {
	x := Lease{
		ID:      id,
		Holder:  holder,
		Granted: time.Now().UTC(),
	}
	return l.put(ctx, x)
}

// Silent: every time set, in the literal or after it.
func (l *leases) grantFor(ctx context.Context, id, holder string, d time.Duration) error {
	now := time.Now().UTC()
	x := Lease{ID: id, Holder: holder, Granted: now}
	x.Expires = now.Add(d)
	return l.put(ctx, x)
}

// Silent: the caller's own lease, whatever its callers put in it.
func (l *leases) renew(ctx context.Context, x Lease) error {
	x.Holder = "renewed"
	return l.put(ctx, x)
}

func (l *leases) reset(ctx context.Context, id string) error {
	return l.putDue(ctx, id, time.Time{})
}

// Silent: a real time.
func (l *leases) schedule(ctx context.Context, id string) error {
	return l.putDue(ctx, id, time.Now().Add(time.Hour))
}

// addTyped writes the caller's properties as they are.
func (l *leases) addTyped(ctx context.Context, id string, props map[string]any) error {
	b, _ := json.Marshal(aztables.EDMEntity{Entity: aztables.Entity{PartitionKey: "typed", RowKey: id}, Properties: props})
	_, err := l.tc.AddEntity(ctx, b, nil)
	return err
}

func (l *leases) closeLease(ctx context.Context, id string, at *time.Time) error {
	props := map[string]any{"Holder": "none"}
	if at != nil {
		props["ClosedAt"] = aztables.EDMDateTime(*at)
	} else {
		props["ClosedAt"] = aztables.EDMDateTime(time.Time{}) // want `TL124: property ClosedAt is an Edm.DateTime of zero time`
	}
	return l.addTyped(ctx, id, props)
}

func (l *leases) openLease(ctx context.Context, id string) error {
	return l.addTyped(ctx, id, map[string]any{"Opened": aztables.EDMDateTime{}}) // want `TL124: property Opened is an Edm.DateTime of zero time`
}

// Silent: the time left out of the map when there is none.
func (l *leases) closeKnown(ctx context.Context, id string, at *time.Time) error {
	props := map[string]any{"Holder": "none"}
	if at != nil {
		props["ClosedAt"] = aztables.EDMDateTime(*at)
	}
	return l.addTyped(ctx, id, props)
}

// Silent: the helper leaves the property out when the time is zero.
func (l *leases) putMaybe(ctx context.Context, x Lease, due time.Time) error {
	props := map[string]any{"Holder": x.Holder}
	if !x.Expires.IsZero() {
		props["Expires"] = aztables.EDMDateTime(x.Expires)
	}
	if due.After(time.Unix(0, 0)) {
		props["Due"] = aztables.EDMDateTime(due)
	}
	b, _ := json.Marshal(aztables.EDMEntity{Entity: aztables.Entity{PartitionKey: "leases", RowKey: x.ID}, Properties: props})
	_, err := l.tc.AddEntity(ctx, b, nil)
	return err
}

func (l *leases) grantMaybe(ctx context.Context, id string) error {
	return l.putMaybe(ctx, Lease{ID: id, Holder: "h"}, time.Time{})
}

// putLegacy writes a lease through the legacy API, whose encoding sends a
// time.Time property as an Edm.DateTime.
func putLegacy(t *storage.Table, x *Lease) error {
	e := &storage.Entity{Table: t, PartitionKey: "leases", RowKey: x.ID, Properties: map[string]interface{}{
		"Expires": x.Expires, // want `TL124: property Expires is an Edm.DateTime of Expires left out of the literal at line 141`
	}}
	return e.Insert(storage.EmptyPayload, nil)
}

func grantLegacy(t *storage.Table, id string) error {
	x := &Lease{ID: id, Holder: "legacy"}
	return putLegacy(t, x)
}

// Silent: the lease goes through a function that may fill it first.
func grantFilled(t *storage.Table, id string) error {
	x := &Lease{ID: id}
	fill(x)
	return putLegacy(t, x)
}

func fill(x *Lease) { x.Expires = time.Now().Add(time.Hour) }

// putGranted writes when a lease was granted.
func putGranted(t *storage.Table, x Lease) error {
	e := t.GetEntityReference("granted", x.ID)
	e.Properties = map[string]interface{}{"Granted": x.Granted} // want `TL124: property Granted is an Edm.DateTime of Granted never set on x`
	return e.InsertOrMerge(nil)
}

func grantBare(t *storage.Table, id string) error {
	var x Lease
	x.ID = id
	x.Expires = time.Now()
	return putGranted(t, x)
}

// renewedProps builds the properties of a renewed lease in a helper.
func renewedProps(holder string) map[string]any {
	props := map[string]any{"Holder": holder}
	props["Renewed"] = aztables.EDMDateTime{} // want `TL124: property Renewed is an Edm.DateTime of zero time`
	return props
}

// stampProps returns its literal, with a Timestamp the service ignores.
func stampProps(at time.Time) map[string]any {
	return map[string]any{"Timestamp": aztables.EDMDateTime(at), "Kind": "stamp"} // want `TL128: Timestamp is set by the client`
}

func (l *leases) putRenewed(ctx context.Context, id string) error {
	props := renewedProps("h")
	b, _ := json.Marshal(aztables.EDMEntity{Entity: aztables.Entity{PartitionKey: "renewed", RowKey: id}, Properties: props})
	if _, err := l.tc.AddEntity(ctx, b, nil); err != nil {
		return err
	}
	b, _ = json.Marshal(aztables.EDMEntity{Entity: aztables.Entity{PartitionKey: "stamped", RowKey: id}, Properties: stampProps(time.Now())})
	_, err := l.tc.AddEntity(ctx, b, nil)
	return err
}

// Silent: a helper's properties that are never written.
func draftProps() map[string]any {
	return map[string]any{"Due": aztables.EDMDateTime{}, "Timestamp": aztables.EDMDateTime(time.Now())}
}

// newLease makes a lease without an end.
func newLease(id string) Lease {
	return Lease{ID: id, Holder: "ctor", Granted: time.Now()}
}

// putEnd writes when a lease ends.
func putEnd(t *storage.Table, x Lease) error {
	e := t.GetEntityReference("ends", x.ID)
	e.Properties = map[string]interface{}{"Expires": x.Expires} // want `TL124: property Expires is an Edm.DateTime of Expires left out of the literal at line 198`
	return e.InsertOrMerge(nil)
}

func endLease(t *storage.Table, id string) error {
	x := newLease(id)
	return putEnd(t, x)
}

// Silent: a constructor that gives the end.
func newTimedLease(id string) Lease {
	return Lease{ID: id, Expires: time.Now().Add(time.Hour)}
}

// putTimedEnd writes a timed lease's end.
func putTimedEnd(t *storage.Table, x Lease) error {
	e := t.GetEntityReference("timed", x.ID)
	e.Properties = map[string]interface{}{"Expires": x.Expires}
	return e.InsertOrMerge(nil)
}

func endTimedLease(t *storage.Table, id string) error {
	return putTimedEnd(t, newTimedLease(id))
}
