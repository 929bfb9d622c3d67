package sized

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

type Slot struct {
	PartitionKey string
	RowKey       string
}

// slots makes n slots: its result is as long as its caller says.
func slots(day string, n int) []Slot {
	out := make([]Slot, n)
	for i := range out {
		out[i] = Slot{PartitionKey: day, RowKey: fmt.Sprintf("%04d", i)}
	}
	return out
}

func openDay(ctx context.Context, c *aztables.Client, day string, perDay int) error {
	var acts []aztables.TransactionAction
	for _, s := range slots(day, perDay) {
		b, _ := json.Marshal(s)
		acts = append(acts, aztables.TransactionAction{ActionType: aztables.TransactionTypeAdd, Entity: b})
	}
	_, err := c.SubmitTransaction(ctx, acts, nil) // want `TL401: this transaction gets one action per element of slots\(day, perDay\) \(line 27\), with no limit`
	return err
}

// Silent below: the function chooses how many.
func openMorning(ctx context.Context, c *aztables.Client, day string) error {
	var acts []aztables.TransactionAction
	for _, s := range slots(day, 12) {
		b, _ := json.Marshal(s)
		acts = append(acts, aztables.TransactionAction{ActionType: aztables.TransactionTypeAdd, Entity: b})
	}
	_, err := c.SubmitTransaction(ctx, acts, nil)
	return err
}
