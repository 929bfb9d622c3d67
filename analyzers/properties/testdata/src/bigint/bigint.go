package bigint

import (
	"context"
	"encoding/json"
	"math"
	"strconv"
	"time"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

type Reading struct {
	PartitionKey string
	RowKey       string
	At           int64
	Small        int64
	Seq          int32
}

func record(ctx context.Context, c *aztables.Client, id string, n int64) error {
	r := Reading{PartitionKey: "r", RowKey: id, At: time.Now().UnixNano(), Small: 42, Seq: 1} // want `TL125: property At gets a UnixNano\(\) time, beyond 2\^53`
	r.Small = n
	b, _ := json.Marshal(r)
	_, err := c.AddEntity(ctx, b, nil)
	return err
}

func mapped(ctx context.Context, c *aztables.Client, id string) error {
	m := map[string]any{"PartitionKey": "r", "RowKey": id, "Big": 9007199254740993} // want `TL125: property Big gets 9007199254740993`
	m["Rev"] = math.MaxInt64 - time.Now().UnixNano()                                // want `TL125: property Rev gets a constant minus a value`
	b, _ := json.Marshal(m)
	_, err := c.UpsertEntity(ctx, b, nil)
	return err
}

// Typed as Edm.Int64: silent.
func typed(ctx context.Context, c *aztables.Client, id string) error {
	at := time.Now().UnixNano()
	m := map[string]any{"PartitionKey": "r", "RowKey": id, "At": strconv.FormatInt(at, 10), "At@odata.type": "Edm.Int64"}
	m["Big"] = at
	m["Big@odata.type"] = "Edm.Int64"
	b, _ := json.Marshal(m)
	_, err := c.UpsertEntity(ctx, b, nil)
	return err
}

type Tagged struct {
	PartitionKey string
	RowKey       string
	At           int64 `json:",string"`
	Micros       int64
}

// A ",string" field: silent. UnixMicro is below 2^53 for centuries but
// beyond Int32.
func tagged(ctx context.Context, c *aztables.Client, id string) error {
	b, _ := json.Marshal(Tagged{PartitionKey: "r", RowKey: id, At: time.Now().UnixNano(), Micros: time.Now().UnixMicro()}) // want `TL125: property Micros gets a UnixMicro\(\) time beyond Int32`
	_, err := c.AddEntity(ctx, b, nil)
	return err
}
