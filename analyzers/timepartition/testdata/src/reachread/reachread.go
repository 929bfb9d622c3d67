// Package reachread is reachwrite's silent twin: the month-keyed struct
// is built the same way, but it only says which entity to read, through
// an interface and a helper, and none of it is ever written.
package reachread

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

// thisMonth names the current month's reading of a sensor.
func thisMonth(sensor string) reading {
	r := reading{}
	r.PartitionKey = time.Now().UTC().Format("2006-01")
	r.RowKey = sensor
	return r
}

type source interface {
	fetch(ctx context.Context, pk, rk string) ([]byte, error)
}

type tableSource struct{ c *aztables.Client }

func (t tableSource) fetch(ctx context.Context, pk, rk string) ([]byte, error) {
	resp, err := t.c.GetEntity(ctx, pk, rk, nil)
	if err != nil {
		return nil, err
	}
	return resp.Value, nil
}

// load looks the reading up by the key the struct carries.
func load(ctx context.Context, s source, k reading) (float64, error) {
	b, err := s.fetch(ctx, k.PartitionKey, k.RowKey)
	if err != nil {
		return 0, err
	}
	var got reading
	err = json.Unmarshal(b, &got)
	return got.Celsius, err
}

// Current reads this month's reading: nothing is written.
func Current(ctx context.Context, s source, sensor string) (float64, error) {
	return load(ctx, s, thisMonth(sensor))
}

// The key struct made where it is used, given to the same helper
// through an interface: still only a read.
type reader interface {
	read(ctx context.Context, k reading) (float64, error)
}

type tableReader struct{ s source }

func (t tableReader) read(ctx context.Context, k reading) (float64, error) {
	return load(ctx, t.s, k)
}

func latest(ctx context.Context, r reader, sensor string) (float64, error) {
	var k reading
	k.PartitionKey = time.Now().Format("200601")
	k.RowKey = sensor
	return r.read(ctx, k)
}

// A key struct whose one field is copied into an entity that is written
// is not itself written: the time-keyed struct describes the read, the
// entity written is keyed by the sensor.
func Copy(ctx context.Context, c *aztables.Client, s source, sensor string) error {
	k := thisMonth(sensor)
	celsius, err := load(ctx, s, k)
	if err != nil {
		return err
	}
	out := reading{Celsius: celsius}
	out.PartitionKey = sensor
	out.RowKey = k.RowKey
	b, _ := json.Marshal(out)
	_, err = c.AddEntity(ctx, b, nil)
	return err
}
