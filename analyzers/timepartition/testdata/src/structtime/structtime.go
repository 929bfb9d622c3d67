package structtime

import (
	"context"
	"encoding/json"
	"time"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

type hit struct {
	aztables.Entity
	Host string
	At   time.Time
}

// newHit stamps the hit with the current time.
func newHit(host string) hit { return hit{Host: host, At: time.Now().UTC()} }

type recorder interface {
	Save(ctx context.Context, h hit) error
}

type table struct{ c *aztables.Client }

// Save buckets the hit by the hour of its time.
func (t *table) Save(ctx context.Context, h hit) error {
	h.PartitionKey = h.At.Format("2006010215") // want `TL209: PartitionKey made by Save comes only from time.Now\(\) \(passed at line 35\)`
	b, _ := json.Marshal(h)
	_, err := t.c.AddEntity(ctx, b, nil)
	return err
}

func record(ctx context.Context, r recorder, host string) error {
	return r.Save(ctx, newHit(host))
}

// A second caller passing the current time: the same mistake, not a
// second finding.
func recordAgain(ctx context.Context, r recorder, host string) error {
	return r.Save(ctx, newHit(host))
}

func recordLocal(ctx context.Context, c *aztables.Client, host, id string) error {
	h := newHit(host)
	h.PartitionKey = h.At.Format("2006010215") // want `TL209: PartitionKey comes only from time.Now\(\)`
	h.RowKey = id
	b, _ := json.Marshal(h)
	_, err := c.AddEntity(ctx, b, nil)
	return err
}

// Silent: the time of the event, from the caller.
func recordAt(ctx context.Context, r recorder, host string, at time.Time) error {
	return r.Save(ctx, hit{Host: host, At: at})
}

// Silent: reading the current bucket is not a write.
func current(ctx context.Context, c *aztables.Client, id string) error {
	_, err := c.GetEntity(ctx, time.Now().Format("2006010215"), id, nil)
	return err
}
