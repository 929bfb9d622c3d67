package builders

import (
	"context"
	"encoding/json"
	"errors"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

type Change struct {
	PartitionKey string
	RowKey       string
	Remove       bool
}

// toActions turns every change into an action.
func toActions(changes []Change) ([]aztables.TransactionAction, error) {
	out := make([]aztables.TransactionAction, 0, len(changes))
	for _, ch := range changes {
		if ch.PartitionKey == "" {
			return nil, errors.New("change without a partition")
		}
		kind := aztables.TransactionTypeInsertMerge
		if ch.Remove {
			kind = aztables.TransactionTypeDelete
		}
		b, err := json.Marshal(ch)
		if err != nil {
			return nil, err
		}
		out = append(out, aztables.TransactionAction{ActionType: kind, Entity: b})
	}
	return out, nil
}

// Every change in one transaction, however many.
func Apply(ctx context.Context, c *aztables.Client, changes []Change) error {
	acts, err := toActions(changes)
	if err != nil {
		return err
	}
	_, err = c.SubmitTransaction(ctx, acts, nil) // want `TL401: this transaction gets one action per element of changes \(through toActions, line 39\), with no limit`
	return err
}

// Silent: windows of 100.
func ApplyWindows(ctx context.Context, c *aztables.Client, changes []Change) error {
	for len(changes) > 0 {
		n := min(100, len(changes))
		acts, err := toActions(changes[:n])
		if err != nil {
			return err
		}
		if _, err := c.SubmitTransaction(ctx, acts, nil); err != nil {
			return err
		}
		changes = changes[n:]
	}
	return nil
}

// Silent: the caller bounds the input.
func ApplySmall(ctx context.Context, c *aztables.Client, changes []Change) error {
	if len(changes) > 100 {
		return errors.New("too many changes for one transaction")
	}
	acts, err := toActions(changes)
	if err != nil {
		return err
	}
	_, err = c.SubmitTransaction(ctx, acts, nil)
	return err
}

// Silent: a local collection of unknown size.
func ApplyDefaults(ctx context.Context, c *aztables.Client) error {
	acts, err := toActions(defaults())
	if err != nil {
		return err
	}
	_, err = c.SubmitTransaction(ctx, acts, nil)
	return err
}

func defaults() []Change { return []Change{{PartitionKey: "cfg", RowKey: "a"}} }

// A builder that visibly makes too many.
func padding() []aztables.TransactionAction {
	var acts []aztables.TransactionAction
	for i := 0; i < 150; i++ {
		acts = append(acts, aztables.TransactionAction{ActionType: aztables.TransactionTypeDelete})
	}
	return acts
}

func Pad(ctx context.Context, c *aztables.Client) error {
	acts := padding()
	_, err := c.SubmitTransaction(ctx, acts, nil) // want `TL401: this transaction gets at least 150 actions from padding`
	return err
}
