package separate

import (
	"context"
	"encoding/json"
	"errors"
	"strconv"
	"time"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

type Order struct {
	PartitionKey string
	RowKey       string
	Total        int
}

// Different partitions.
func two(ctx context.Context, c *aztables.Client, a, b string) error {
	x, _ := json.Marshal(Order{PartitionKey: a, RowKey: "1"})
	if _, err := c.AddEntity(ctx, x, nil); err != nil {
		return err
	}
	y, _ := json.Marshal(Order{PartitionKey: b, RowKey: "1"})
	_, err := c.AddEntity(ctx, y, nil)
	return err
}

// Different tables.
func tables(ctx context.Context, svc *aztables.ServiceClient, pk string) error {
	x, _ := json.Marshal(Order{PartitionKey: pk, RowKey: "1"})
	if _, err := svc.NewClient("Orders").AddEntity(ctx, x, nil); err != nil {
		return err
	}
	_, err := svc.NewClient("Audit").AddEntity(ctx, x, nil)
	return err
}

// The same entity twice: a transaction may change it only once.
func replace(ctx context.Context, c *aztables.Client, pk, rk string) error {
	if _, err := c.DeleteEntity(ctx, pk, rk, nil); err != nil {
		return err
	}
	b, _ := json.Marshal(Order{PartitionKey: pk, RowKey: rk})
	_, err := c.AddEntity(ctx, b, nil)
	return err
}

// A condition between them: the second write depends on more than the
// first's success.
func conditional(ctx context.Context, c *aztables.Client, pk string, total int) error {
	b, _ := json.Marshal(Order{PartitionKey: pk, RowKey: "order"})
	if _, err := c.AddEntity(ctx, b, nil); err != nil {
		return err
	}
	if total < 100 {
		return errors.New("too small for an invoice")
	}
	inv, _ := json.Marshal(Order{PartitionKey: pk, RowKey: "invoice"})
	_, err := c.AddEntity(ctx, inv, nil)
	return err
}

// A loop whose key changes, and writes in different branches.
func loop(ctx context.Context, c *aztables.Client, orders []Order, first bool) error {
	for _, o := range orders {
		b, _ := json.Marshal(Order{PartitionKey: o.PartitionKey, RowKey: o.RowKey})
		if _, err := c.UpsertEntity(ctx, b, nil); err != nil {
			return err
		}
	}
	if first {
		c.DeleteEntity(ctx, "p", "a", nil)
	} else {
		c.DeleteEntity(ctx, "p", "b", nil)
	}
	return nil
}

// A variable assigned twice is not one partition.
func reassigned(ctx context.Context, c *aztables.Client, pk string) {
	p := pk
	c.DeleteEntity(ctx, p, "a", nil)
	p = "other"
	c.DeleteEntity(ctx, p, "b", nil)
}

// Already a transaction.
func batched(ctx context.Context, c *aztables.Client, a, b []byte) error {
	_, err := c.SubmitTransaction(ctx, []aztables.TransactionAction{
		{ActionType: aztables.TransactionTypeAdd, Entity: a},
		{ActionType: aztables.TransactionTypeAdd, Entity: b},
	}, nil)
	return err
}

type byEmail struct {
	PartitionKey string
	RowKey       string
}

// The order's keys are changed between the writes.
func moved(ctx context.Context, c *aztables.Client, o Order, email string) error {
	b, _ := json.Marshal(o)
	if _, err := c.AddEntity(ctx, b, nil); err != nil {
		return err
	}
	o.PartitionKey = "archive"
	idx, _ := json.Marshal(byEmail{PartitionKey: o.PartitionKey, RowKey: email})
	_, err := c.AddEntity(ctx, idx, nil)
	return err
}

// A poller and a channel: streams, not collections.
func stream(ctx context.Context, c *aztables.Client, ids <-chan string, next func() (string, bool)) error {
	for id := range ids {
		if _, err := c.DeleteEntity(ctx, "jobs", id, nil); err != nil {
			return err
		}
	}
	for {
		id, ok := next()
		if !ok {
			return nil
		}
		if _, err := c.DeleteEntity(ctx, "jobs", id, nil); err != nil {
			return err
		}
	}
}

// More than one transaction holds, by a constant count.
func many(ctx context.Context, c *aztables.Client, grid *[400]string) error {
	for i := 0; i < 500; i++ {
		if _, err := c.DeleteEntity(ctx, "cells", strconv.Itoa(i), nil); err != nil {
			return err
		}
	}
	for _, id := range grid {
		if _, err := c.DeleteEntity(ctx, "grid", id, nil); err != nil {
			return err
		}
	}
	return nil
}

// Concurrent writes, and the same entity every time.
func concurrentAndSame(ctx context.Context, c *aztables.Client, ids []string) error {
	for _, id := range ids {
		go func() {
			if _, err := c.DeleteEntity(ctx, "jobs", id, nil); err != nil {
				return
			}
		}()
	}
	for range ids {
		if _, err := c.DeleteEntity(ctx, "jobs", "lock", nil); err != nil {
			return err
		}
	}
	return nil
}

// A client per iteration.
func perTable(ctx context.Context, open func(string) (*aztables.Client, error), names []string) error {
	for _, n := range names {
		t, err := open(n)
		if err != nil {
			return err
		}
		if _, err := t.DeleteEntity(ctx, "meta", n, nil); err != nil {
			return err
		}
	}
	return nil
}

// Each write may fail alone: logged and skipped, or discarded.
func tolerant(ctx context.Context, c *aztables.Client, ids []string, log func(error)) {
	for _, id := range ids {
		b, _ := json.Marshal(Order{PartitionKey: "orders", RowKey: id})
		if _, err := c.AddEntity(ctx, b, nil); err != nil {
			log(err)
			continue
		}
	}
	for _, id := range ids {
		c.DeleteEntity(ctx, "orders", id, nil)
	}
}

type Reading struct {
	PartitionKey string
	RowKey       string
	Value        float64
}

func stampNow(device string) string { return device + time.Now().Format("15") }

// A partition from the clock may change during the loop.
func clocked(ctx context.Context, c *aztables.Client, device string, values []float64) error {
	for i, v := range values {
		b, _ := json.Marshal(Reading{PartitionKey: stampNow(device), RowKey: strconv.Itoa(i), Value: v})
		if _, err := c.UpsertEntity(ctx, b, nil); err != nil {
			return err
		}
	}
	return nil
}
