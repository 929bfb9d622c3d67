// Package propsdispatch: the entity a write marshals comes from a method
// called through an interface (rec.record(), rec a recorder). The
// methods of the package's types that implement it are what the call
// runs: the Properties their entities are given, entry by entry (map
// literals, index stores in branches, a helper that builds the map),
// are checked as the write's.
package propsdispatch

import (
	"context"
	"encoding/json"
	"strings"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

// recorder is anything the fleet keeps a row of.
type recorder interface {
	record() aztables.EDMEntity
}

// Truck is one vehicle.
type Truck struct {
	Plate  string
	Axles  int
	Routes []string
	Photo  []byte
	Stops  map[string]int
}

// Depot is a yard the trucks return to.
type Depot struct {
	Code  string
	Bays  []int
	Roads []string
}

// common builds the entries every truck row has.
func common(t *Truck) map[string]any {
	m := map[string]any{"plate": t.Plate}
	if len(t.Stops) > 0 {
		m["stops"] = t.Stops // want `TL126: property stops is a map\[string\]int, which encoding/json writes as a JSON object`
	}
	return m
}

func (t *Truck) record() aztables.EDMEntity {
	props := common(t)
	props["axles"] = int32(t.Axles) // a scalar: silent
	if len(t.Routes) > 0 {
		props["routes"] = t.Routes                       // want `TL126: property routes is a \[\]string, which encoding/json writes as a JSON array`
		props["routeList"] = strings.Join(t.Routes, ";") // joined into one string: silent
	}
	if t.Photo != nil {
		props["photo"] = t.Photo // []byte is Edm.Binary: silent
	}
	return aztables.EDMEntity{Entity: aztables.Entity{PartitionKey: "truck", RowKey: t.Plate}, Properties: props}
}

func (d Depot) record() aztables.EDMEntity {
	props := map[string]any{"code": d.Code}
	switch {
	case len(d.Bays) > 0:
		props["bays"] = d.Bays // want `TL126: property bays is a \[\]int, which encoding/json writes as a JSON array`
	default:
		props["bays"] = int32(0)
	}
	if len(d.Roads) > 0 {
		b, _ := json.Marshal(d.Roads)
		props["roads"] = string(b) // marshalled into a string: silent
	}
	return aztables.EDMEntity{Entity: aztables.Entity{PartitionKey: "depot", RowKey: d.Code}, Properties: props}
}

// keep writes every row it is given, one request each.
func keep(ctx context.Context, tc *aztables.Client, all []recorder) error {
	for _, rec := range all {
		b, err := json.Marshal(rec.record())
		if err != nil {
			return err
		}
		if _, err := tc.UpsertEntity(ctx, b, nil); err != nil {
			return err
		}
	}
	return nil
}

func Sync(ctx context.Context, tc *aztables.Client, t *Truck, d Depot) error {
	return keep(ctx, tc, []recorder{t, d})
}

// Trailer has a row method of its own but is no recorder (the method
// has another result) and is never written: silent.
type Trailer struct{ Loads []string }

func (tr *Trailer) record() map[string]any {
	return map[string]any{"loads": tr.Loads}
}

// describer is an interface whose implementation builds an entity that is
// only printed, never written: silent.
type describer interface {
	describe() aztables.EDMEntity
}

func (d Depot) describe() aztables.EDMEntity {
	return aztables.EDMEntity{Properties: map[string]any{"roads": d.Roads}}
}

func Show(ds []describer) string {
	var sb strings.Builder
	for _, d := range ds {
		b, _ := json.Marshal(d.describe())
		sb.Write(b)
	}
	return sb.String()
}
