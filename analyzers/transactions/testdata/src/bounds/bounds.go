package bounds

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

type Reading struct {
	PartitionKey string
	RowKey       string
	Celsius      float64
}

// One action per reading, placed by index; the empty check is no limit.
func storeAll(ctx context.Context, c *aztables.Client, readings []Reading) error {
	if len(readings) == 0 {
		return nil
	}
	acts := make([]aztables.TransactionAction, len(readings))
	for i, r := range readings {
		b, err := json.Marshal(r)
		if err != nil {
			return err
		}
		acts[i] = aztables.TransactionAction{ActionType: aztables.TransactionTypeInsertReplace, Entity: b}
	}
	_, err := c.SubmitTransaction(ctx, acts, nil) // want `TL401: this transaction gets one action per element of readings \(make, line 23\), with no limit`
	return err
}

// The same with a limit checked first: silent.
func storeSome(ctx context.Context, c *aztables.Client, readings []Reading) error {
	if len(readings) > 100 {
		return fmt.Errorf("%d readings: at most 100 per call", len(readings))
	}
	acts := make([]aztables.TransactionAction, len(readings))
	for i, r := range readings {
		b, _ := json.Marshal(r)
		acts[i] = aztables.TransactionAction{ActionType: aztables.TransactionTypeAdd, Entity: b}
	}
	_, err := c.SubmitTransaction(ctx, acts, nil)
	return err
}

// A limit that is too high does not help.
func storeMany(ctx context.Context, c *aztables.Client, readings []Reading) error {
	if len(readings) > 1000 {
		return errors.New("too many readings")
	}
	var acts []aztables.TransactionAction
	for _, r := range readings {
		b, _ := json.Marshal(r)
		acts = append(acts, aztables.TransactionAction{ActionType: aztables.TransactionTypeAdd, Entity: b})
	}
	_, err := c.SubmitTransaction(ctx, acts, nil) // want `TL401: this transaction gets one action per element of readings \(line 55\), with no limit`
	return err
}

// A flush test that lets the batch reach 101 actions.
func storeFlushLate(ctx context.Context, c *aztables.Client, readings []Reading) error {
	var acts []aztables.TransactionAction
	for _, r := range readings {
		if len(acts) > 100 {
			if _, err := c.SubmitTransaction(ctx, acts, nil); err != nil {
				return err
			}
			acts = nil
		}
		b, _ := json.Marshal(r)
		acts = append(acts, aztables.TransactionAction{ActionType: aztables.TransactionTypeAdd, Entity: b})
	}
	_, err := c.SubmitTransaction(ctx, acts, nil) // want `TL401: this transaction gets one action per element of readings \(line 66\), with no limit`
	return err
}

// The same flush through a closure, with the test at 100: silent.
func storeFlushed(ctx context.Context, c *aztables.Client, pager []Reading) error {
	var pending []aztables.TransactionAction
	send := func() error {
		if len(pending) == 0 {
			return nil
		}
		_, err := c.SubmitTransaction(ctx, pending, nil)
		pending = pending[:0]
		return err
	}
	for _, r := range pager {
		if len(pending) >= 100 {
			if err := send(); err != nil {
				return err
			}
		}
		b, _ := json.Marshal(r)
		pending = append(pending, aztables.TransactionAction{ActionType: aztables.TransactionTypeAdd, Entity: b})
	}
	return send()
}

// A closure flush whose test is off by one.
func storeFlushedLate(ctx context.Context, c *aztables.Client, pager []Reading) error {
	var pending []aztables.TransactionAction
	send := func() error {
		_, err := c.SubmitTransaction(ctx, pending, nil) // want `TL401: this transaction gets one action per element of pager \(line 111\), with no limit`
		pending = nil
		return err
	}
	for _, r := range pager {
		b, _ := json.Marshal(r)
		pending = append(pending, aztables.TransactionAction{ActionType: aztables.TransactionTypeAdd, Entity: b})
		if len(pending) == 101 {
			if err := send(); err != nil {
				return err
			}
		}
	}
	return send()
}

// Flushing at 100, or on a change of partition as well: silent.
func storeByPartition(ctx context.Context, c *aztables.Client, readings []Reading) error {
	var acts []aztables.TransactionAction
	last := ""
	for _, r := range readings {
		if r.PartitionKey != last || len(acts) == 100 {
			if len(acts) > 0 {
				if _, err := c.SubmitTransaction(ctx, acts, nil); err != nil {
					return err
				}
				acts = nil
			}
			last = r.PartitionKey
		}
		b, _ := json.Marshal(r)
		acts = append(acts, aztables.TransactionAction{ActionType: aztables.TransactionTypeAdd, Entity: b})
	}
	if len(acts) == 0 {
		return nil
	}
	_, err := c.SubmitTransaction(ctx, acts, nil)
	return err
}

// A size decided elsewhere: silent.
func storeSized(ctx context.Context, c *aztables.Client, readings []Reading, limit int) error {
	if len(readings) > limit {
		return errors.New("over the configured limit")
	}
	acts := make([]aztables.TransactionAction, len(readings))
	_, err := c.SubmitTransaction(ctx, acts, nil)
	return err
}

// A fixed make: the length is visible.
func storeFixed(ctx context.Context, c *aztables.Client) error {
	acts := make([]aztables.TransactionAction, 120)
	_, err := c.SubmitTransaction(ctx, acts, nil) // want `TL401: this transaction gets at least 120 actions`
	return err
}
