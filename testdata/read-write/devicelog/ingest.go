// Package devicelog stores readings sent by devices (shape of a telemetry
// ingester writing one row per reading).
package devicelog

import (
	"context"
	"encoding/json"
	"fmt"
	"math"
	"strconv"
	"time"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

// Reading is one message from a device.
type Reading struct {
	aztables.Entity
	Device     string   `json:"Device"`
	Value      float64  `json:"Value"`
	Tags       []string `json:"Tags"` // L: TL126
	ReceivedMs int64    `json:"ReceivedMs"`
}

// Ingester writes readings.
type Ingester struct {
	table *aztables.Client
	seq   int
}

// Daily writes a reading into the partition of the day.
func (in *Ingester) Daily(ctx context.Context, device string, v float64, tags []string) error {
	now := time.Now().UTC()
	in.seq++
	r := Reading{
		Entity:     aztables.Entity{PartitionKey: now.Format("2006-01-02"), RowKey: strconv.Itoa(in.seq)}, // L: TL209 TL204
		Device:     device,
		Value:      v,
		Tags:       tags,
		ReceivedMs: now.UnixMilli(), // L: TL125
	}
	b, err := json.Marshal(r)
	if err != nil {
		return err
	}
	_, err = in.table.AddEntity(ctx, b, nil)
	return err
}

// Newest writes a reading keyed newest-first inside the device's partition.
func (in *Ingester) Newest(ctx context.Context, device string, v float64) error {
	now := time.Now().UTC()
	rk := strconv.FormatInt(math.MaxInt64-now.UnixNano(), 10) // L: TL205
	b, err := json.Marshal(map[string]any{"PartitionKey": device, "RowKey": rk, "Value": v})
	if err != nil {
		return err
	}
	_, err = in.table.AddEntity(ctx, b, nil)
	return err
}

// NewestPadded is the same with a fixed-width key.
func (in *Ingester) NewestPadded(ctx context.Context, device string, v float64) error {
	now := time.Now().UTC()
	rk := fmt.Sprintf("%019d", math.MaxInt64-now.UnixNano())                                                   // S
	b, err := json.Marshal(map[string]any{"PartitionKey": device, "RowKey": rk, "Value": v, "At": now.Unix()}) // S
	if err != nil {
		return err
	}
	_, err = in.table.AddEntity(ctx, b, nil)
	return err
}
