// Package datechain: a DateTime property read from a field of a struct
// that reaches the write through more than one call, or as the receiver
// of the method that writes it.
package datechain

import (
	"context"
	"encoding/json"
	"time"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

// Parcel is one shipment and when it moved.
type Parcel struct {
	ID        string
	Sent      time.Time
	Delivered time.Time
}

type depot struct{ tc *aztables.Client }

// record writes both times of a parcel.
func (d *depot) record(ctx context.Context, p Parcel) error {
	b, err := json.Marshal(aztables.EDMEntity{
		Entity: aztables.Entity{PartitionKey: "parcels", RowKey: p.ID},
		Properties: map[string]any{
			"Sent":      aztables.EDMDateTime(p.Sent),
			"Delivered": aztables.EDMDateTime(p.Delivered), // want `TL124: property Delivered is an Edm.DateTime of Delivered left out of the literal at line 44`
		},
	})
	if err != nil {
		return err
	}
	_, err = d.tc.AddEntity(ctx, b, nil)
	return err
}

// forward hands its parcel on untouched: record's callers are its callers.
func (d *depot) forward(ctx context.Context, p Parcel) error { return d.record(ctx, p) }

// intake, two calls up from the write, never says when the parcel arrived.
func (d *depot) intake(ctx context.Context, id string) error {
	p := Parcel{ID: id, Sent: time.Now()}
	return d.forward(ctx, p)
}

// Silent twin: the same chain, with the time set two calls up.
func (d *depot) handOver(ctx context.Context, id string, at time.Time) error {
	p := Parcel{ID: id, Sent: at}
	p.Delivered = at.Add(48 * time.Hour)
	return d.forward(ctx, p)
}

// archive writes the parcel it is a method of.
func (p Parcel) archive(ctx context.Context, tc *aztables.Client) error {
	b, _ := json.Marshal(aztables.EDMEntity{
		Entity:     aztables.Entity{PartitionKey: "archive", RowKey: p.ID},
		Properties: map[string]any{"Delivered": aztables.EDMDateTime(p.Delivered)}, // want `TL124: property Delivered is an Edm.DateTime of Delivered never set on lost`
	})
	_, err := tc.AddEntity(ctx, b, nil)
	return err
}

func archiveLost(ctx context.Context, tc *aztables.Client, id string) error {
	var lost Parcel
	lost.ID = id
	return lost.archive(ctx, tc)
}

// Silent twin: the receiver's time given in its literal.
func archiveDone(ctx context.Context, tc *aztables.Client, id string) error {
	return Parcel{ID: id, Delivered: time.Now()}.archive(ctx, tc)
}

// A writer reached through an interface, given a parcel whose Delivered
// is set only after the call.
type store interface {
	keep(ctx context.Context, p Parcel) error
}

type shelf struct{ tc *aztables.Client }

func (s *shelf) keep(ctx context.Context, p Parcel) error {
	b, _ := json.Marshal(aztables.EDMEntity{
		Entity:     aztables.Entity{PartitionKey: "shelf", RowKey: p.ID},
		Properties: map[string]any{"Delivered": aztables.EDMDateTime(p.Delivered)}, // want `TL124: property Delivered is an Edm.DateTime of Delivered left out of the literal at line 94`
	})
	_, err := s.tc.AddEntity(ctx, b, nil)
	return err
}

func shelve(ctx context.Context, st store, id string) error {
	p := Parcel{ID: id}
	err := st.keep(ctx, p)
	p.Delivered = time.Now()
	return err
}

// Silent twin: set before the call.
func shelveDone(ctx context.Context, st store, id string) error {
	p := Parcel{ID: id}
	p.Delivered = time.Now()
	return st.keep(ctx, p)
}
