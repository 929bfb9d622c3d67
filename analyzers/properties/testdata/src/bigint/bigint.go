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

// A variable that stays 0 until a time is known: when it is set it is a
// UnixNano or UnixMilli time, so the value is out of range whenever it
// is not the constant.
func lapsed(ctx context.Context, c *aztables.Client, id string, until, seen time.Time) error {
	var untilNs int64
	if !until.IsZero() {
		untilNs = until.UnixNano()
	}
	seenMs := int64(-1)
	if !seen.IsZero() {
		seenMs = seen.UnixMilli()
	}
	m := map[string]any{"PartitionKey": "r", "RowKey": id,
		"UntilNs": untilNs, // want `TL125: property UntilNs gets 0 or a UnixNano\(\) time, beyond 2\^53`
		"SeenMs":  seenMs,  // want `TL125: property SeenMs gets -1 or a UnixMilli\(\) time beyond Int32`
	}
	b, _ := json.Marshal(m)
	_, err := c.UpsertEntity(ctx, b, nil)
	return err
}

// Silent: the other choice is a number the caller passed, or a small
// constant; neither choice is a time.
func chosen(ctx context.Context, c *aztables.Client, id string, until time.Time, fallback int64, on bool) error {
	var untilNs int64 = fallback
	if !until.IsZero() {
		untilNs = until.UnixNano()
	}
	var flag int64
	if on {
		flag = 7
	}
	m := map[string]any{"PartitionKey": "r", "RowKey": id, "UntilNs": untilNs, "Flag": flag}
	b, _ := json.Marshal(m)
	_, err := c.UpsertEntity(ctx, b, nil)
	return err
}
