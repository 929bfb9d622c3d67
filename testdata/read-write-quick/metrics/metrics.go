// Package metrics appends request samples to a table, one partition per day.
package metrics

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"net/http"
	"strconv"
	"time"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

type sample struct {
	aztables.Entity
	Path     string
	Millis   int64
	Body     string
	Attempts int
}

// Record writes one sample of r.
func Record(ctx context.Context, c *aztables.Client, r *http.Request, seq int) error {
	now := time.Now().UTC()
	body, _ := io.ReadAll(r.Body)
	s := sample{
		Entity: aztables.Entity{
			PartitionKey: now.Format("2006-01-02"), // L: TL209
			RowKey:       strconv.Itoa(seq),        // L: TL204
		},
		Path:     r.URL.Path,
		Millis:   now.UnixMilli(), // L: TL125
		Body:     string(body),    // L: TL122
		Attempts: 1,               // S
	}
	b, err := json.Marshal(s)
	if err != nil {
		return err
	}
	_, err = c.AddEntity(ctx, b, nil)
	return err
}

// RecordTail writes a sample keyed for newest-first reads.
func RecordTail(ctx context.Context, c *aztables.Client, host string, r *http.Request) error {
	now := time.Now().UTC()
	body, _ := io.ReadAll(io.LimitReader(r.Body, 4096))
	rev := math.MaxInt64 - now.UnixNano()
	e := aztables.EDMEntity{
		Entity: aztables.Entity{
			PartitionKey: host,                   // S
			RowKey:       fmt.Sprintf("%d", rev), // L: TL205
		},
		Properties: map[string]any{
			"Path":  r.URL.Path,
			"Body":  string(body),                      // S
			"At":    aztables.EDMDateTime(now),         // S
			"Nanos": aztables.EDMInt64(now.UnixNano()), // S
		},
	}
	b, err := json.Marshal(e)
	if err != nil {
		return err
	}
	_, err = c.UpsertEntity(ctx, b, nil)
	return err
}
