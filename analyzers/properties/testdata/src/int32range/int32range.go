package int32range

import (
	"context"
	"encoding/json"
	"strconv"
	"time"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

type Session struct {
	PartitionKey string
	RowKey       string
	StartedMs    int64
	Quota        int64
	Count        int64
	Small        int32
	Port         uint16
}

func start(ctx context.Context, c *aztables.Client, id string, n int64) error {
	s := Session{PartitionKey: "s", RowKey: id, StartedMs: time.Now().UnixMilli(), Quota: 5_000_000_000, Count: n, Small: 7} // want `TL125: property StartedMs gets a UnixMilli\(\) time beyond Int32` `TL125: property Quota gets 5000000000 beyond Int32`
	b, _ := json.Marshal(s)
	_, err := c.AddEntity(ctx, b, nil)
	return err
}

func mapped(ctx context.Context, c *aztables.Client, id string) error {
	at := time.Now().UnixMilli()
	m := map[string]any{"PartitionKey": "s", "RowKey": id, "At": at, "Low": -3_000_000_000} // want `TL125: property At gets a UnixMilli\(\) time` `TL125: property Low gets -3000000000`
	m["Limit"] = 1 << 40                                                                    // want `TL125: property Limit gets 1099511627776`
	b, _ := json.Marshal(m)
	_, err := c.UpsertEntity(ctx, b, nil)
	return err
}

// EDMEntity sends EDMInt64 with Edm.Int64, and other integers bare.
func edm(ctx context.Context, c *aztables.Client, id string) error {
	e := aztables.EDMEntity{
		Entity:     aztables.Entity{PartitionKey: "s", RowKey: id},
		Properties: map[string]any{"Typed": aztables.EDMInt64(time.Now().UnixMilli()), "Bare": time.Now().UnixMilli()}, // want `TL125: property Bare gets a UnixMilli\(\) time`
	}
	b, _ := json.Marshal(e)
	_, err := c.AddEntity(ctx, b, nil)
	return err
}

// Silent below: within Int32, annotated, ",string", EDMInt64 and run-time
// values. (UnixNano, beyond 2^53, gets the rule's other message.)
type Typed struct {
	PartitionKey string
	RowKey       string
	Ms           int64 `json:",string"`
	Big          aztables.EDMInt64
	Secs         int64
}

func silent(ctx context.Context, c *aztables.Client, id string, n int64) error {
	b, _ := json.Marshal(Typed{PartitionKey: "s", RowKey: id, Ms: time.Now().UnixMilli(), Big: aztables.EDMInt64(5_000_000_000), Secs: time.Now().Unix()})
	if _, err := c.AddEntity(ctx, b, nil); err != nil {
		return err
	}
	ms := time.Now().UnixMilli()
	m := map[string]any{"PartitionKey": "s", "RowKey": id, "Ms": strconv.FormatInt(ms, 10), "Ms@odata.type": "Edm.Int64", "Max": 2147483647, "Min": -2147483648, "N": n, "Nano": time.Now().UnixNano()} // want `TL125: property Nano gets a UnixNano\(\) time, beyond 2\^53`
	b, _ = json.Marshal(m)
	_, err := c.UpsertEntity(ctx, b, nil)
	return err
}

// Never written.
func view() Session { return Session{PartitionKey: "s", RowKey: "r", Quota: 5_000_000_000} }

// A time's number moved by a constant offset is still that time's
// number: ordered events a millisecond apart, a deadline an hour on.
func offsets(ctx context.Context, c *aztables.Client, id string, n int64) error {
	ts := time.Now().UnixMilli()
	first := map[string]any{"PartitionKey": "e", "RowKey": id + "-1", "At": ts}                           // want `TL125: property At gets a UnixMilli\(\) time`
	second := map[string]any{"PartitionKey": "e", "RowKey": id + "-2", "At": ts + 1}                      // want `TL125: property At gets a UnixMilli\(\) time`
	due := map[string]any{"PartitionKey": "e", "RowKey": id + "-3", "Due": 3600000 + ts}                  // want `TL125: property Due gets a UnixMilli\(\) time`
	nano := map[string]any{"PartitionKey": "e", "RowKey": id + "-4", "Nano": time.Now().UnixNano() - 500} // want `TL125: property Nano gets a UnixNano\(\) time, beyond 2\^53`
	// Silent: seconds and remainders of it fit Int32; an offset known
	// only at run time says nothing of the sum.
	fits := map[string]any{"PartitionKey": "e", "RowKey": id + "-5", "Secs": ts / 1000, "Ms": ts % 1000, "Moved": ts - n}
	// Each map of the list is written: the rule looks at every element.
	for _, m := range []map[string]any{first, second, due, nano, fits} {
		b, _ := json.Marshal(m)
		if _, err := c.UpsertEntity(ctx, b, nil); err != nil {
			return err
		}
	}
	return nil
}
