// Package perloop: transactions whose actions are added in a loop, each
// with a PartitionKey of its own (TL403), and loops whose key is the
// same for every action (silent).
package perloop

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
	"github.com/Azure/azure-sdk-for-go/storage"
	"github.com/google/uuid"
)

type Reading struct {
	aztables.Entity
	Sensor string
	Value  float64
}

type Sample struct {
	Sensor, At string
	Value      float64
}

// The sensor of each sample is its partition: one transaction can hold
// many sensors.
func saveSamples(ctx context.Context, c *aztables.Client, samples []Sample) {
	var acts []aztables.TransactionAction
	for _, s := range samples[:min(len(samples), 50)] {
		b, _ := json.Marshal(Reading{Entity: aztables.Entity{PartitionKey: s.Sensor, RowKey: s.At}, Value: s.Value})
		acts = append(acts, aztables.TransactionAction{ActionType: aztables.TransactionTypeAdd, Entity: b})
	}
	c.SubmitTransaction(ctx, acts, nil) // want `TL403: the loop on line 32 gives each action its own PartitionKey; a transaction holds one partition`
}

// A helper builds each action from the element it is given.
func toAction(s Sample) aztables.TransactionAction {
	b, _ := json.Marshal(map[string]any{"PartitionKey": "sensor-" + s.Sensor, "RowKey": s.At})
	return aztables.TransactionAction{ActionType: aztables.TransactionTypeInsertMerge, Entity: b}
}

func byIndex(ctx context.Context, c *aztables.Client, samples [20]Sample) {
	acts := make([]aztables.TransactionAction, len(samples))
	for i := range samples {
		acts[i] = toAction(samples[i])
	}
	c.SubmitTransaction(ctx, acts, nil) // want `TL403: the loop on line 47 gives each action its own PartitionKey; a transaction holds one partition`
}

// A map's keys, one per iteration.
func fromMap(ctx context.Context, c *aztables.Client, latest map[string]float64) {
	var acts []aztables.TransactionAction
	for sensor, v := range latest {
		b, _ := json.Marshal(Reading{Entity: aztables.Entity{PartitionKey: sensor, RowKey: "latest"}, Value: v})
		acts = append(acts, aztables.TransactionAction{Entity: b})
		if len(acts) == 100 {
			break
		}
	}
	c.SubmitTransaction(ctx, acts, nil) // want `TL403: the loop on line 56 gives each action its own PartitionKey; a transaction holds one partition`
}

// A new UUID for every action: a new partition for every action.
func freshKeys(ctx context.Context, c *aztables.Client) {
	var acts []aztables.TransactionAction
	for i := 0; i < 10; i++ {
		b, _ := json.Marshal(Reading{Entity: aztables.Entity{PartitionKey: uuid.NewString(), RowKey: "0"}})
		acts = append(acts, aztables.TransactionAction{Entity: b})
	}
	c.SubmitTransaction(ctx, acts, nil) // want `TL403: the loop on line 69 gives each action its own PartitionKey; a transaction holds one partition`
}

// Legacy batches: one entity reference per name.
func legacyEach(t *storage.Table, names [10]string) error {
	b := t.NewBatch()
	for _, n := range names {
		b.InsertOrReplaceEntity(t.GetEntityReference(n, "config"), true)
	}
	return b.ExecuteBatch() // want `TL403: the loop on line 79 gives each action its own PartitionKey; a transaction holds one partition`
}

// Silent: the key is the same for the whole loop.

func oneSensor(ctx context.Context, c *aztables.Client, sensor string, samples [40]Sample) {
	var acts []aztables.TransactionAction
	for _, s := range samples {
		b, _ := json.Marshal(Reading{Entity: aztables.Entity{PartitionKey: sensor, RowKey: s.At}, Value: s.Value})
		acts = append(acts, aztables.TransactionAction{Entity: b})
	}
	c.SubmitTransaction(ctx, acts, nil)
}

func keyBeforeLoop(ctx context.Context, c *aztables.Client, samples [40]Sample) {
	pk := "sensor-" + samples[0].Sensor
	var acts []aztables.TransactionAction
	for _, s := range samples {
		b, _ := json.Marshal(map[string]any{"PartitionKey": pk, "RowKey": s.At})
		acts = append(acts, aztables.TransactionAction{Entity: b})
	}
	c.SubmitTransaction(ctx, acts, nil)
}

// Grouped by partition first: each transaction is one sensor's.
func grouped(ctx context.Context, c *aztables.Client, samples []Sample) {
	bySensor := map[string][]Sample{}
	for _, s := range samples {
		bySensor[s.Sensor] = append(bySensor[s.Sensor], s)
	}
	for sensor, group := range bySensor {
		var acts []aztables.TransactionAction
		for _, s := range group[:min(len(group), 100)] {
			b, _ := json.Marshal(Reading{Entity: aztables.Entity{PartitionKey: sensor, RowKey: s.At}})
			acts = append(acts, aztables.TransactionAction{Entity: b})
		}
		c.SubmitTransaction(ctx, acts, nil)
	}
}

// Flushed whenever the partition changes: each transaction is one
// partition's (a change the analyzer reads as a flush).
func flushOnChange(ctx context.Context, c *aztables.Client, sorted [50]Sample) {
	var acts []aztables.TransactionAction
	last := ""
	for _, s := range sorted {
		if s.Sensor != last && len(acts) > 0 {
			c.SubmitTransaction(ctx, acts, nil)
			acts = nil
		}
		last = s.Sensor
		b, _ := json.Marshal(Reading{Entity: aztables.Entity{PartitionKey: s.Sensor, RowKey: s.At}})
		acts = append(acts, aztables.TransactionAction{Entity: b})
	}
	c.SubmitTransaction(ctx, acts, nil)
}

// One transaction per sample: the loop submits each action alone.
func eachAlone(ctx context.Context, c *aztables.Client, samples []Sample) {
	for _, s := range samples {
		c.SubmitTransaction(ctx, []aztables.TransactionAction{toAction(s)}, nil)
	}
}

// Key is a key the caller builds.
type Key struct{ PartitionKey, RowKey string }

// Put is one write of the caller's.
type Put struct {
	Key  Key
	Data string
}

// putAll: each element carries the PartitionKey its caller chose;
// which keys go together is the caller's choice, as with
// SubmitTransaction itself.
func putAll(ctx context.Context, c *aztables.Client, puts [30]Put) {
	var acts []aztables.TransactionAction
	for _, p := range puts {
		b, _ := json.Marshal(map[string]any{"PartitionKey": p.Key.PartitionKey, "RowKey": p.Key.RowKey, "Data": p.Data})
		acts = append(acts, aztables.TransactionAction{Entity: b})
	}
	c.SubmitTransaction(ctx, acts, nil)
}

type Event struct {
	At   time.Time
	Seq  int64
	Body string
}

// byDay: a day's bucket, which the events of one batch usually share.
func byDay(ctx context.Context, c *aztables.Client, events [30]Event) {
	var acts []aztables.TransactionAction
	for _, e := range events {
		b, _ := json.Marshal(Reading{Entity: aztables.Entity{PartitionKey: e.At.Format("2006-01-02"), RowKey: fmt.Sprint(e.Seq)}})
		acts = append(acts, aztables.TransactionAction{Entity: b})
	}
	c.SubmitTransaction(ctx, acts, nil)
}

// readingActions builds one action per sample, each in its sensor's
// partition; the caller submits them whole.
func readingActions(samples []Sample) ([]aztables.TransactionAction, error) {
	var acts []aztables.TransactionAction
	for _, s := range samples {
		b, err := json.Marshal(Reading{Entity: aztables.Entity{PartitionKey: s.Sensor, RowKey: s.At}})
		if err != nil {
			return nil, err
		}
		acts = append(acts, aztables.TransactionAction{Entity: b})
	}
	return acts, nil
}

func submitHelper(ctx context.Context, c *aztables.Client, samples [10]Sample) {
	acts, err := readingActions(samples[:])
	if err != nil {
		return
	}
	c.SubmitTransaction(ctx, acts, nil) // want `TL403: the loop on line 187 gives each action its own PartitionKey; a transaction holds one partition`
}

// sensorActions keeps every action in the sensor it is given.
func sensorActions(sensor string, samples []Sample) ([]aztables.TransactionAction, error) {
	var acts []aztables.TransactionAction
	for _, s := range samples {
		b, err := json.Marshal(Reading{Entity: aztables.Entity{PartitionKey: sensor, RowKey: s.At}})
		if err != nil {
			return nil, err
		}
		acts = append(acts, aztables.TransactionAction{Entity: b})
	}
	return acts, nil
}

func submitOneSensor(ctx context.Context, c *aztables.Client, samples [10]Sample) {
	acts, err := sensorActions("s1", samples[:])
	if err != nil {
		return
	}
	c.SubmitTransaction(ctx, acts, nil)
}

// checkedSensor refuses samples of another sensor: every key is sensor.
func checkedSensor(ctx context.Context, c *aztables.Client, sensor string, samples [40]Sample) error {
	var acts []aztables.TransactionAction
	for _, s := range samples {
		if s.Sensor != sensor {
			return fmt.Errorf("sample of %s in a batch of %s", s.Sensor, sensor)
		}
		b, _ := json.Marshal(Reading{Entity: aztables.Entity{PartitionKey: s.Sensor, RowKey: s.At}})
		acts = append(acts, aztables.TransactionAction{Entity: b})
	}
	_, err := c.SubmitTransaction(ctx, acts, nil)
	return err
}
