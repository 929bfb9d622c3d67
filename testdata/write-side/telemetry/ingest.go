// Package telemetry ingests device readings: the device and hour as
// partition, newest first by padded reverse ticks.
package telemetry

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"net/http"
	"time"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

// Reading is one row.
type Reading struct {
	PartitionKey string
	RowKey       string
	Timestamp    string // L: TL114
	Value        float64
	Payload      []byte
}

func rowKey(t time.Time) string {
	return fmt.Sprintf("%019d", math.MaxInt64-t.UnixNano()) // S
}

func partition(device string, t time.Time) string {
	return device + "_" + t.UTC().Format("2006010215") // S
}

// Ingest stores the raw upload of a device.
func Ingest(c *aztables.Client) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		body, err := io.ReadAll(r.Body)
		if err != nil {
			http.Error(w, err.Error(), http.StatusBadRequest)
			return
		}
		now := time.Now()
		rd := Reading{
			PartitionKey: partition(r.URL.Query().Get("device"), now), // L: TL201
			RowKey:       rowKey(now),
			Timestamp:    now.UTC().Format(time.RFC3339Nano), // L: TL128
			Payload:      body,                               // L: TL123
		}
		b, err := json.Marshal(rd)
		if err != nil {
			http.Error(w, err.Error(), http.StatusInternalServerError)
			return
		}
		if _, err := c.AddEntity(r.Context(), b, nil); err != nil {
			http.Error(w, err.Error(), http.StatusBadGateway)
		}
	}
}

// Backfill writes a device's buffered readings of one hour one request
// at a time; they share a partition and could go 100 to a transaction.
func Backfill(ctx context.Context, c *aztables.Client, device string, hour time.Time, values []float64) error {
	for i, v := range values {
		t := hour.Add(time.Duration(i) * time.Second)
		b, err := json.Marshal(Reading{PartitionKey: partition(device, hour), RowKey: rowKey(t), Value: v})
		if err != nil {
			return err
		}
		if _, err := c.UpsertEntity(ctx, b, nil); err != nil { // L: TL406
			return err
		}
	}
	return nil
}
