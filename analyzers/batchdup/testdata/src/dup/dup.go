package dup

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

type Order struct {
	PartitionKey string
	RowKey       string
	Total        int
}

// Delete and re-add the same entity in one transaction.
func replace(ctx context.Context, c *aztables.Client, o Order) error {
	b, _ := json.Marshal(o)
	actions := []aztables.TransactionAction{
		{ActionType: aztables.TransactionTypeDelete, Entity: b},
		{ActionType: aztables.TransactionTypeAdd, Entity: b}, // want `TL404: this action changes the entity of the action at line 21 again`
	}
	_, err := c.SubmitTransaction(ctx, actions, nil)
	return err
}

// The same constant keys twice.
func constants(ctx context.Context, c *aztables.Client) error {
	a, _ := json.Marshal(Order{PartitionKey: "orders", RowKey: "0001", Total: 1})
	b, _ := json.Marshal(Order{PartitionKey: "orders", RowKey: "0001", Total: 2})
	var actions []aztables.TransactionAction
	actions = append(actions, aztables.TransactionAction{ActionType: aztables.TransactionTypeUpdateMerge, Entity: a})
	actions = append(actions, aztables.TransactionAction{ActionType: aztables.TransactionTypeUpdateMerge, Entity: b}) // want `TL404: this action changes entity PartitionKey "orders", RowKey "0001" again, after the action at line 33$`
	_, err := c.SubmitTransaction(ctx, actions, nil)
	return err
}

// Keys built the same way from the same parameters.
func sameParams(ctx context.Context, c *aztables.Client, customer string, id int) error {
	e1, _ := json.Marshal(map[string]any{"PartitionKey": customer, "RowKey": fmt.Sprintf("order-%010d", id), "Status": "open"})
	e2, _ := json.Marshal(map[string]any{"PartitionKey": customer, "RowKey": fmt.Sprintf("order-%010d", id), "Status": "paid"})
	_, err := submit(ctx, c, []aztables.TransactionAction{
		{ActionType: aztables.TransactionTypeInsertMerge, Entity: e1},
		{ActionType: aztables.TransactionTypeInsertMerge, Entity: e2}, // want `TL404: .*PartitionKey "\{\?\}", RowKey "order-\{\?\}" again`
	})
	return err
}

func submit(ctx context.Context, c *aztables.Client, actions []aztables.TransactionAction) (aztables.TransactionResponse, error) {
	return c.SubmitTransaction(ctx, actions, nil)
}

// The same entity parameter twice.
func twice(ctx context.Context, c *aztables.Client, entity []byte) error {
	_, err := c.SubmitTransaction(ctx, []aztables.TransactionAction{
		{ActionType: aztables.TransactionTypeUpdateMerge, Entity: entity},
		{ActionType: aztables.TransactionTypeUpdateReplace, Entity: entity}, // want `TL404: this action changes the entity of the action at line 57 again`
	}, nil)
	return err
}

type Seat struct {
	PartitionKey string
	RowKey       string
	Holder       string
}

// encode is a marshalling helper: the entity is its argument.
func encode(v any) []byte {
	raw, err := json.Marshal(v)
	if err != nil {
		panic(err)
	}
	return raw
}

// The same seat deleted and added again, through the helper.
func reassign(ctx context.Context, c *aztables.Client, show, seat, holder string) error {
	s := Seat{PartitionKey: show, RowKey: seat, Holder: holder}
	_, err := c.SubmitTransaction(ctx, []aztables.TransactionAction{
		{ActionType: aztables.TransactionTypeDelete, Entity: encode(s)},
		{ActionType: aztables.TransactionTypeAdd, Entity: encode(s)}, // want `TL404: this action changes the entity of the action at line 82 again`
	}, nil)
	return err
}

// Two literals with the same keys, each through the helper.
func rebook(ctx context.Context, c *aztables.Client, show string) error {
	_, err := c.SubmitTransaction(ctx, []aztables.TransactionAction{
		{ActionType: aztables.TransactionTypeDelete, Entity: encode(Seat{PartitionKey: show, RowKey: "A1"})},
		{ActionType: aztables.TransactionTypeInsertReplace, Entity: encode(&Seat{PartitionKey: show, RowKey: "A1", Holder: "box office"})}, // want `TL404: this action changes entity PartitionKey "\{\?\}", RowKey "A1" again`
	}, nil)
	return err
}

// seatLabel builds a row key in two steps from its parameters only: the
// same arguments give the same key.
func seatLabel(row string, n int) string {
	label := fmt.Sprintf("%02d", n)
	return label + row
}

// The same seat label computed twice by the helper.
func relabel(ctx context.Context, c *aztables.Client, show, row string, n int) error {
	_, err := c.SubmitTransaction(ctx, []aztables.TransactionAction{
		{ActionType: aztables.TransactionTypeDelete, Entity: encode(Seat{PartitionKey: show, RowKey: seatLabel(row, n)})},
		{ActionType: aztables.TransactionTypeAdd, Entity: encode(Seat{PartitionKey: show, RowKey: seatLabel(row, n), Holder: "new"})}, // want `TL404: this action changes entity PartitionKey "\{\?\}", RowKey "\{\?\}\{\?\}" again`
	}, nil)
	return err
}
