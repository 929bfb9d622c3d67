// Package reachwrite keys readings by the month they are taken in: the
// key is made in one helper and the entity is written in another,
// through an interface a type of the package implements.
package reachwrite

import (
	"context"
	"encoding/json"
	"time"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

type reading struct {
	aztables.Entity
	Celsius float64
}

type sink interface {
	put(ctx context.Context, row []byte) error
}

type tableSink struct{ c *aztables.Client }

func (t tableSink) put(ctx context.Context, row []byte) error {
	_, err := t.c.UpsertEntity(ctx, row, nil)
	return err
}

// persist marshals whatever it is given and hands it to the sink.
func persist(ctx context.Context, s sink, r reading) error {
	b, err := json.Marshal(r)
	if err != nil {
		return err
	}
	return s.put(ctx, b)
}

// record files the reading under the current month and has persist
// write it.
func record(ctx context.Context, s sink, sensor string, celsius float64) error {
	r := reading{Celsius: celsius}
	r.PartitionKey = time.Now().UTC().Format("2006-01") // want `TL209: PartitionKey comes only from time.Now\(\)`
	r.RowKey = sensor
	return persist(ctx, s, r)
}

// Record writes a reading keyed by the month.
func Record(ctx context.Context, s sink, sensor string, celsius float64) error {
	return record(ctx, s, sensor, celsius)
}

// RecordLater has a closure it calls at once hand the reading to the
// sink.
func RecordLater(ctx context.Context, s sink, sensor string) error {
	var r reading
	r.PartitionKey = time.Now().Format("200601") // want `TL209: PartitionKey comes only from time.Now\(\)`
	r.RowKey = sensor
	flush := func() error { return persist(ctx, s, r) }
	return flush()
}
