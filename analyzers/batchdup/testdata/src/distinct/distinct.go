package distinct

import (
	"context"
	"encoding/json"
	"fmt"
	"strconv"
	"time"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
	"github.com/google/uuid"
)

type Order struct {
	PartitionKey string
	RowKey       string
	Total        int
}

// An order and its index entity: same partition, different rows.
func orderAndIndex(ctx context.Context, c *aztables.Client, customer, id string) error {
	o, _ := json.Marshal(Order{PartitionKey: customer, RowKey: "order_" + id})
	i, _ := json.Marshal(Order{PartitionKey: customer, RowKey: "index_" + id})
	_, err := c.SubmitTransaction(ctx, []aztables.TransactionAction{
		{ActionType: aztables.TransactionTypeAdd, Entity: o},
		{ActionType: aztables.TransactionTypeAdd, Entity: i},
	}, nil)
	return err
}

// One literal in a loop: one action per item.
func perItem(ctx context.Context, c *aztables.Client, pk string, ids []string) error {
	var actions []aztables.TransactionAction
	for _, id := range ids {
		b, _ := json.Marshal(Order{PartitionKey: pk, RowKey: id})
		actions = append(actions, aztables.TransactionAction{ActionType: aztables.TransactionTypeUpdateMerge, Entity: b})
	}
	_, err := c.SubmitTransaction(ctx, actions, nil)
	return err
}

// Exclusive branches: only one of the two is added.
func branches(ctx context.Context, c *aztables.Client, o Order, gone bool) error {
	b, _ := json.Marshal(o)
	var actions []aztables.TransactionAction
	if gone {
		actions = append(actions, aztables.TransactionAction{ActionType: aztables.TransactionTypeDelete, Entity: b})
	} else {
		actions = append(actions, aztables.TransactionAction{ActionType: aztables.TransactionTypeUpdateReplace, Entity: b})
	}
	_, err := c.SubmitTransaction(ctx, actions, nil)
	return err
}

// Keys from calls written the same way: different values.
func fresh(ctx context.Context, c *aztables.Client, pk string) error {
	a, _ := json.Marshal(Order{PartitionKey: pk, RowKey: uuid.New().String()})
	b, _ := json.Marshal(Order{PartitionKey: pk, RowKey: uuid.New().String()})
	_, err := c.SubmitTransaction(ctx, []aztables.TransactionAction{
		{ActionType: aztables.TransactionTypeAdd, Entity: a},
		{ActionType: aztables.TransactionTypeAdd, Entity: b},
	}, nil)
	return err
}

// Different parameters, or the same parameter formatted differently.
func params(ctx context.Context, c *aztables.Client, pk, rk1, rk2 string, n int) error {
	a, _ := json.Marshal(Order{PartitionKey: pk, RowKey: rk1})
	b, _ := json.Marshal(Order{PartitionKey: pk, RowKey: rk2})
	d, _ := json.Marshal(Order{PartitionKey: pk, RowKey: fmt.Sprintf("%d", n)})
	e, _ := json.Marshal(Order{PartitionKey: pk, RowKey: fmt.Sprintf("%05d", n)})
	_, err := c.SubmitTransaction(ctx, []aztables.TransactionAction{
		{ActionType: aztables.TransactionTypeAdd, Entity: a},
		{ActionType: aztables.TransactionTypeAdd, Entity: b},
		{ActionType: aztables.TransactionTypeAdd, Entity: d},
		{ActionType: aztables.TransactionTypeAdd, Entity: e},
	}, nil)
	return err
}

// The key changes between the two marshals: set in several places.
func moved(ctx context.Context, c *aztables.Client, o Order) error {
	a, _ := json.Marshal(o)
	o.RowKey = o.RowKey + "-v2"
	b, _ := json.Marshal(o)
	_, err := c.SubmitTransaction(ctx, []aztables.TransactionAction{
		{ActionType: aztables.TransactionTypeDelete, Entity: a},
		{ActionType: aztables.TransactionTypeAdd, Entity: b},
	}, nil)
	return err
}

type Seat struct {
	PartitionKey string
	RowKey       string
}

func encode(v any) []byte {
	raw, err := json.Marshal(v)
	if err != nil {
		return nil
	}
	return raw
}

// Different seats through the marshalling helper.
func swap(ctx context.Context, c *aztables.Client, show string) error {
	_, err := c.SubmitTransaction(ctx, []aztables.TransactionAction{
		{ActionType: aztables.TransactionTypeInsertReplace, Entity: encode(Seat{PartitionKey: show, RowKey: "A1"})},
		{ActionType: aztables.TransactionTypeInsertReplace, Entity: encode(Seat{PartitionKey: show, RowKey: "A2"})},
	}, nil)
	return err
}

// A helper that builds a different entity from its argument each time:
// not a marshalling helper, so not followed.
func stamped(v Seat) []byte {
	v.RowKey = uuid.New().String()
	raw, _ := json.Marshal(v)
	return raw
}

func twoStamps(ctx context.Context, c *aztables.Client, s Seat) error {
	_, err := c.SubmitTransaction(ctx, []aztables.TransactionAction{
		{ActionType: aztables.TransactionTypeAdd, Entity: stamped(s)},
		{ActionType: aztables.TransactionTypeAdd, Entity: stamped(s)},
	}, nil)
	return err
}

// stampKey reads the clock on every call: two calls may give two keys.
func stampKey(show string) string {
	at := time.Now().UnixNano()
	return show + "-" + strconv.FormatInt(at, 10)
}

// Two keys from the clock-reading helper: not known to be equal.
func stampedTwice(ctx context.Context, c *aztables.Client, show string) error {
	_, err := c.SubmitTransaction(ctx, []aztables.TransactionAction{
		{ActionType: aztables.TransactionTypeInsertReplace, Entity: encode(Seat{PartitionKey: show, RowKey: stampKey(show)})},
		{ActionType: aztables.TransactionTypeInsertReplace, Entity: encode(Seat{PartitionKey: show, RowKey: stampKey(show)})},
	}, nil)
	return err
}
