// Package wrappers builds entities in one function and writes them
// through a helper that takes any value.
package wrappers

import (
	"context"
	"encoding/json"
	"fmt"
	"math"
	"strconv"
	"time"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

func put(ctx context.Context, c *aztables.Client, e any) error {
	b, err := json.Marshal(e)
	if err != nil {
		return err
	}
	_, err = c.UpsertEntity(ctx, b, nil)
	return err
}

type Order struct {
	PartitionKey string
	RowKey       string
	Total        int
}

func order(ctx context.Context, c *aztables.Client, customer string, id int) error {
	o := Order{PartitionKey: customer, RowKey: strconv.Itoa(id)} // want `TL204: numeric RowKey component formatted with strconv.Itoa is not zero-padded`
	return put(ctx, c, &o)
}

func newest(ctx context.Context, c *aztables.Client, device string) error {
	rk := strconv.FormatInt(math.MaxInt64-time.Now().UnixNano(), 10) // want `TL205: reverse-time RowKey component`
	return put(ctx, c, map[string]any{"PartitionKey": device, "RowKey": rk})
}

// Must stay silent: zero-padded to a fixed width.
func padded(ctx context.Context, c *aztables.Client, customer string, id int) error {
	o := Order{PartitionKey: customer, RowKey: fmt.Sprintf("%010d", id)}
	return put(ctx, c, &o)
}

// putOrder builds the entity from the keys it is given.
func putOrder(ctx context.Context, c *aztables.Client, customer, rk string) error {
	return put(ctx, c, Order{PartitionKey: customer, RowKey: rk})
}

func keyArg(ctx context.Context, c *aztables.Client, customer string, id int) error {
	return putOrder(ctx, c, customer, strconv.Itoa(id)) // want `TL204: numeric RowKey component formatted with strconv.Itoa is not zero-padded`
}

// Must stay silent: padded before it is passed.
func keyArgPadded(ctx context.Context, c *aztables.Client, customer string, id int) error {
	return putOrder(ctx, c, customer, fmt.Sprintf("%010d", id))
}
