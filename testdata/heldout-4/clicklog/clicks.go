// Package clicklog records a link shortener's clicks (one partition per short
// code, newest first) and reads them back for the analytics page.
package clicklog

import (
	"context"
	"encoding/json"
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

// Click is one followed link.
type Click struct {
	ID        string
	Code      string
	IP        string
	UserAgent string
}

// Reader reads the clicks table.
type Reader struct{ c *aztables.Client }

// ForCode returns every click of a short code.
func (r *Reader) ForCode(ctx context.Context, code string) ([]Click, error) {
	raw, err := r.rows(ctx, code)
	if err != nil {
		return nil, err
	}
	out := make([]Click, 0, len(raw))
	for _, b := range raw {
		var m map[string]any
		if json.Unmarshal(b, &m) != nil {
			continue
		}
		out = append(out, Click{Code: code, IP: fmt.Sprint(m["IP"]), UserAgent: fmt.Sprint(m["UserAgent"])})
	}
	return out, nil
}

func (r *Reader) rows(ctx context.Context, code string) ([][]byte, error) {
	filter := fmt.Sprintf("PartitionKey eq '%s'", code) // L: TL321
	pager := r.c.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &filter})
	var all [][]byte
	for pager.More() {
		page, err := pager.NextPage(ctx)
		if err != nil {
			return nil, err
		}
		all = append(all, page.Entities...)
	}
	return all, nil
}

// Recent returns the latest clicks of a code for the dashboard.
func (r *Reader) Recent(ctx context.Context, code string) ([][]byte, error) {
	filter := "PartitionKey eq '" + strings.ReplaceAll(code, "'", "''") + "'" // S
	top := int32(20)
	pager := r.c.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &filter, Top: &top})
	page, err := pager.NextPage(ctx) // L: TL307
	if err != nil {
		return nil, err
	}
	return page.Entities, nil
}

// Writer writes the clicks table.
type Writer struct{ c *aztables.Client }

// Record stores a click, newest first in its partition.
func (w *Writer) Record(ctx context.Context, code, ip, agent string, at time.Time) error {
	rk := strconv.FormatInt(math.MaxInt64-at.UnixNano(), 10) // L: TL205
	e := aztables.EDMEntity{
		Entity: aztables.Entity{PartitionKey: code, RowKey: rk},
		Properties: map[string]any{
			"IP":        ip,
			"UserAgent": agent,
			"ClickedMs": at.UnixMilli(), // L: TL125
		},
	}
	b, _ := json.Marshal(e)
	_, err := w.c.AddEntity(ctx, b, nil)
	return err
}

// RecordPadded is Record with a fixed-width key and a typed integer.
func (w *Writer) RecordPadded(ctx context.Context, code, ip string, at time.Time) error {
	rk := fmt.Sprintf("%019d", math.MaxInt64-at.UnixNano()) // S
	e := aztables.EDMEntity{
		Entity: aztables.Entity{PartitionKey: code, RowKey: rk},
		Properties: map[string]any{
			"IP":        ip,
			"ClickedMs": aztables.EDMInt64(at.UnixMilli()), // S
		},
	}
	b, _ := json.Marshal(e)
	_, err := w.c.AddEntity(ctx, b, nil)
	return err
}

// Rollup stores a code's count for today in the day's partition.
func (w *Writer) Rollup(ctx context.Context, code string, n int) error {
	b, _ := json.Marshal(map[string]any{
		"PartitionKey": time.Now().UTC().Format("2006-01-02"), // L: TL209
		"RowKey":       code,
		"Clicks":       n,
		"Timestamp":    aztables.EDMDateTime(time.Now().UTC()), // L: TL128
	})
	_, err := w.c.UpsertEntity(ctx, b, nil)
	return err
}

// RollupByCode keeps the month in the key, after the code.
func (w *Writer) RollupByCode(ctx context.Context, code string, n int) error {
	b, _ := json.Marshal(map[string]any{
		"PartitionKey": code + "_" + time.Now().UTC().Format("2006-01"), // S
		"RowKey":       time.Now().UTC().Format("02"),
		"Clicks":       n,
	})
	_, err := w.c.UpsertEntity(ctx, b, nil)
	return err
}

// Import copies clicks exported elsewhere into a code's partition.
func (w *Writer) Import(ctx context.Context, code string, clicks []Click) error {
	for _, c := range clicks {
		b, _ := json.Marshal(map[string]any{"PartitionKey": code, "RowKey": c.ID, "IP": c.IP, "UserAgent": c.UserAgent})
		if _, err := w.c.UpsertEntity(ctx, b, nil); err != nil { // L: TL406
			return err
		}
	}
	return nil
}
