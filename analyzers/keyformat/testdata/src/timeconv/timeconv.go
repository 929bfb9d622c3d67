// Package timeconv: a time's Unix numbers keep their fixed width through
// a conversion that widens or keeps the integer type; a narrowing one,
// and counts, do not.
package timeconv

import (
	"context"
	"encoding/json"
	"fmt"
	"strconv"
	"time"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

type reading struct {
	At    time.Time
	Value float64
}

func save(ctx context.Context, c *aztables.Client, r reading, n int) error {
	// 19 digits from 2001 to 2286, whatever the conversion spells.
	rk := strconv.FormatInt(int64(r.At.UnixNano()), 10)
	b, _ := json.Marshal(aztables.Entity{PartitionKey: "meter", RowKey: rk})
	if _, err := c.AddEntity(ctx, b, nil); err != nil {
		return err
	}
	secs := uint64(r.At.Unix())
	b, _ = json.Marshal(aztables.Entity{PartitionKey: strconv.FormatUint(secs, 10), RowKey: fmt.Sprint(int(r.At.Year()))})
	if _, err := c.AddEntity(ctx, b, nil); err != nil {
		return err
	}
	// Narrowed to 32 bits, milliseconds wrap: any width, any sign.
	b, _ = json.Marshal(aztables.Entity{PartitionKey: "meter", RowKey: strconv.FormatInt(int64(int32(r.At.UnixMilli())), 10)}) // want `TL204: numeric RowKey component formatted with strconv.FormatInt is not zero-padded`
	if _, err := c.AddEntity(ctx, b, nil); err != nil {
		return err
	}
	// A count converted the same way has no fixed width.
	b, _ = json.Marshal(aztables.Entity{PartitionKey: "meter", RowKey: strconv.FormatInt(int64(n), 10)}) // want `TL204: numeric RowKey component formatted with strconv.FormatInt is not zero-padded`
	_, err := c.AddEntity(ctx, b, nil)
	return err
}
