package sequence

import (
	"context"
	"encoding/json"
	"fmt"
	"strconv"
	"time"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

type Order struct {
	PartitionKey string
	RowKey       string
	Total        int
}

// An order and its index entity in the customer's partition.
func place(ctx context.Context, c *aztables.Client, customer, id, email string) error {
	b, err := json.Marshal(Order{PartitionKey: customer, RowKey: id})
	if err != nil {
		return err
	}
	if _, err := c.AddEntity(ctx, b, nil); err != nil {
		return err
	}
	idx, err := json.Marshal(aztables.Entity{PartitionKey: customer, RowKey: "email_" + email})
	if err != nil {
		return err
	}
	_, err = c.AddEntity(ctx, idx, nil) // want `TL406: 2 writes to partition customer \(lines 25, 32\) could be one atomic transaction, one request$`
	return err
}

// Constant partition, a delete and two upserts on a client field.
type Store struct{ settings *aztables.Client }

func (s *Store) reset(ctx context.Context) error {
	if _, err := s.settings.DeleteEntity(ctx, "config", "theme", nil); err != nil {
		return err
	}
	a, _ := json.Marshal(map[string]any{"PartitionKey": "config", "RowKey": "lang", "Value": "en"})
	s.settings.UpsertEntity(ctx, a, nil) // want `TL406: 3 writes to partition "config" \(lines 40, 44, 46\)`
	tz, _ := json.Marshal(map[string]any{"PartitionKey": "config", "RowKey": "tz", "Value": "UTC"})
	_, err := s.settings.UpsertEntity(ctx, tz, nil)
	return err
}

type byEmail struct {
	PartitionKey string
	RowKey       string
	OrderID      string
}

// The order is a parameter: its own PartitionKey, and the index row's.
func placeOrder(ctx context.Context, c *aztables.Client, o Order, email string) error {
	b, err := json.Marshal(o)
	if err != nil {
		return err
	}
	if _, err := c.AddEntity(ctx, b, nil); err != nil {
		return err
	}
	idx, err := json.Marshal(byEmail{PartitionKey: o.PartitionKey, RowKey: "email_" + email, OrderID: o.RowKey})
	if err != nil {
		return err
	}
	_, err = c.AddEntity(ctx, idx, nil) // want `TL406: 2 writes to partition o.PartitionKey`
	return err
}

type Line struct {
	PartitionKey string
	RowKey       string
	Qty          int
}

// The lines of one order, one request each.
func saveLines(ctx context.Context, c *aztables.Client, order string, lines []Line) error {
	for i, l := range lines {
		l.PartitionKey = order
		l.RowKey = fmt.Sprintf("%03d", i)
		b, _ := json.Marshal(l)
		if _, err := c.UpsertEntity(ctx, b, nil); err != nil { // want `TL406: UpsertEntity in a loop writes partition order entity by entity; batch up to 100 per transaction$`
			return err
		}
	}
	return nil
}

// A counted loop over a constant partition.
func seed(ctx context.Context, c *aztables.Client, n int) error {
	for i := 0; i < n; i++ {
		b, _ := json.Marshal(map[string]any{"PartitionKey": "slots", "RowKey": strconv.Itoa(i)})
		if _, err := c.AddEntity(ctx, b, nil); err != nil { // want `TL406: AddEntity in a loop writes partition "slots"`
			return err
		}
	}
	return nil
}

type Reading struct {
	PartitionKey string
	RowKey       string
	Value        float64
}

func hourPartition(device string, t time.Time) string {
	return device + "_" + t.UTC().Format("2006010215")
}

// One device-hour per call: a partition built by a helper of the package.
func backfill(ctx context.Context, c *aztables.Client, device string, hour time.Time, values []float64) error {
	for i, v := range values {
		b, _ := json.Marshal(Reading{PartitionKey: hourPartition(device, hour), RowKey: fmt.Sprintf("%04d", i), Value: v})
		if _, err := c.UpsertEntity(ctx, b, nil); err != nil { // want `TL406: UpsertEntity in a loop writes one partition entity by entity; batch up to 100 per transaction$`
			return err
		}
	}
	return nil
}
