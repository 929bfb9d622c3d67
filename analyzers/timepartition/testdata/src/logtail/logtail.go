package logtail

import (
	"context"
	"encoding/json"
	"fmt"
	"math"
	"time"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

// Log tail: the RowKey is reverse time, the PartitionKey is stable.
func logTail(ctx context.Context, c *aztables.Client, user string) {
	e := aztables.Entity{PartitionKey: user, RowKey: fmt.Sprintf("%019d", math.MaxInt64-time.Now().UnixNano())}
	b, _ := json.Marshal(e)
	c.AddEntity(ctx, b, nil)
}

// A device prefix spreads the writes over partitions.
func spread(ctx context.Context, c *aztables.Client, device string) {
	e := aztables.Entity{PartitionKey: device + "_" + time.Now().Format("20060102"), RowKey: "x"}
	b, _ := json.Marshal(e)
	c.UpsertEntity(ctx, b, nil)
}

// Reads of the current partition are not writes.
func read(ctx context.Context, c *aztables.Client) {
	c.GetEntity(ctx, time.Now().Format("2006010215"), "x", nil)
}

// Times that come from the caller are not time.Now.
func given(ctx context.Context, c *aztables.Client, at time.Time) {
	e := aztables.Entity{PartitionKey: at.Format("2006"), RowKey: "x"}
	b, _ := json.Marshal(e)
	c.AddEntity(ctx, b, nil)
}

// A time-keyed entity that is never written.
func built() aztables.Entity {
	return aztables.Entity{PartitionKey: time.Now().Format("2006"), RowKey: "x"}
}

var local = 0

// A local loop counter is not a package counter.
func loop(ctx context.Context, c *aztables.Client) {
	for i := 0; i < 3; i++ {
		e := aztables.Entity{PartitionKey: fmt.Sprintf("%03d", i), RowKey: "x"}
		b, _ := json.Marshal(e)
		c.AddEntity(ctx, b, nil)
	}
	_ = local
}
