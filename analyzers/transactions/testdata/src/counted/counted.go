// Package counted: transactions whose number of actions is a count set
// outside the code (a flag, the environment, a caller), with no limit
// of 100 (TL401), and the same counts checked or chunked (silent).
package counted

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"strconv"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

var perTx = flag.Int("per-tx", 100, "actions per transaction")

type row struct {
	PartitionKey, RowKey string
}

func action(i int) aztables.TransactionAction {
	b, _ := json.Marshal(row{PartitionKey: "load", RowKey: fmt.Sprint(i)})
	return aztables.TransactionAction{ActionType: aztables.TransactionTypeInsertReplace, Entity: b}
}

func fromFlag(ctx context.Context, c *aztables.Client) {
	acts := make([]aztables.TransactionAction, *perTx)
	for i := range acts {
		acts[i] = action(i)
	}
	c.SubmitTransaction(ctx, acts, nil) // want `TL401: this transaction's size \(make, line 29\) is set by flag.Int, unchecked against 100`
}

func fromEnv(ctx context.Context, c *aztables.Client) {
	n, _ := strconv.Atoi(os.Getenv("ROWS"))
	var acts []aztables.TransactionAction
	for i := 0; i < n; i++ {
		acts = append(acts, action(i))
	}
	c.SubmitTransaction(ctx, acts, nil) // want `TL401: this transaction gets one action per iteration of the loop \(line 39\), with no limit`
}

// Config is given by the caller.
type Config struct{ Rows int }

// Seed is exported: its callers choose cfg.Rows.
func Seed(ctx context.Context, c *aztables.Client, cfg Config) {
	var acts []aztables.TransactionAction
	for i := 0; i < cfg.Rows; i++ {
		acts = append(acts, action(i))
	}
	c.SubmitTransaction(ctx, acts, nil) // want `TL401: this transaction gets one action per iteration of the loop \(line 51\), with no limit`
}

// Silent: the count is checked against the limit, capped, or chunked.

func checked(ctx context.Context, c *aztables.Client) error {
	if *perTx > 100 {
		return fmt.Errorf("per-tx: at most 100")
	}
	acts := make([]aztables.TransactionAction, *perTx)
	for i := range acts {
		acts[i] = action(i)
	}
	_, err := c.SubmitTransaction(ctx, acts, nil)
	return err
}

func capped(ctx context.Context, c *aztables.Client) {
	acts := make([]aztables.TransactionAction, min(*perTx, 100))
	for i := range acts {
		acts[i] = action(i)
	}
	c.SubmitTransaction(ctx, acts, nil)
}

// SeedChunked sends cfg.Rows rows a hundred at a time.
func SeedChunked(ctx context.Context, c *aztables.Client, cfg Config) {
	var acts []aztables.TransactionAction
	for i := 0; i < cfg.Rows; i++ {
		acts = append(acts, action(i))
		if len(acts) == 100 {
			c.SubmitTransaction(ctx, acts, nil)
			acts = nil
		}
	}
	if len(acts) > 0 {
		c.SubmitTransaction(ctx, acts, nil)
	}
}

// fixed: a count the code sets.
func fixed(ctx context.Context, c *aztables.Client) {
	n := 40
	var acts []aztables.TransactionAction
	for i := 0; i < n; i++ {
		acts = append(acts, action(i))
	}
	c.SubmitTransaction(ctx, acts, nil)
}

// Window is a range of rows the caller chose.
type Window struct{ From, To int }

// Clear deletes a window of rows, at most a hundred at a time: the loop
// counts from w.From, not from a constant, and its bound is capped.
func Clear(ctx context.Context, c *aztables.Client, w Window) {
	for w.From < w.To {
		stop := min(w.To, w.From+100)
		var acts []aztables.TransactionAction
		for i := w.From; i < stop; i++ {
			acts = append(acts, action(i))
		}
		c.SubmitTransaction(ctx, acts, nil)
		w.From = stop
	}
}
