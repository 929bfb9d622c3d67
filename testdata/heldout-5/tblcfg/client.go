// Package tblcfg wraps one table behind a small configuration struct and
// gives the application a handful of typed operations on it.
package tblcfg

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"strconv"
	"time"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

var (
	ErrNoConnection = errors.New("no connection string")
	ErrNotFound     = errors.New("entity not found")
)

// Config names the table and how to reach it.
type Config struct {
	Table      string
	Connection string
}

// Store is the configured table.
type Store struct {
	cfg Config
	tc  *aztables.Client
}

// Open checks the configuration and makes the table client.
func Open(cfg Config) (*Store, error) {
	if cfg.Connection == "" {
		return nil, ErrNoConnection
	}
	svc, err := aztables.NewServiceClientFromConnectionString(cfg.Connection, nil)
	if err != nil {
		return nil, ErrNoConnection
	}
	return &Store{cfg: cfg, tc: svc.NewClient(cfg.Table)}, nil
}

// Record (added) writes an audit line for a device, keyed newest-first.
func (s *Store) Record(ctx context.Context, device, text string) error {
	now := time.Now().UTC()
	ent := map[string]any{
		"PartitionKey": device,
		"RowKey":       strconv.FormatInt(math.MaxInt64-now.UnixNano(), 10), // L: TL205
		"Text":         text,
		"Timestamp":    now, // L: TL128
	}
	b, _ := json.Marshal(ent)
	_, err := s.tc.AddEntity(ctx, b, nil)
	return err
}

// RecordPadded (added) is Record's twin: padded reverse ticks, own time property.
func (s *Store) RecordPadded(ctx context.Context, device, text string) error {
	now := time.Now().UTC()
	ent := map[string]any{
		"PartitionKey": device,
		"RowKey":       fmt.Sprintf("%019d", math.MaxInt64-now.UnixNano()), // S
		"Text":         text,
		"LoggedAt":     now, // S
	}
	b, _ := json.Marshal(ent)
	_, err := s.tc.AddEntity(ctx, b, nil)
	return err
}

// Hourly (added) adds a roll-up row in the partition of the current hour.
func (s *Store) Hourly(ctx context.Context, device string, count int32) error {
	ent := aztables.EDMEntity{
		Entity: aztables.Entity{
			PartitionKey: time.Now().UTC().Format("2006010215"), // L: TL209
			RowKey:       device,
		},
		Properties: map[string]any{"Count": count},
	}
	b, _ := json.Marshal(ent)
	_, err := s.tc.AddEntity(ctx, b, nil)
	return err
}

// HourlyByDevice (added) is the twin: the device leads the PartitionKey.
func (s *Store) HourlyByDevice(ctx context.Context, device string, count int32) error {
	ent := aztables.EDMEntity{
		Entity: aztables.Entity{
			PartitionKey: device + "_" + time.Now().UTC().Format("2006010215"), // S
			RowKey:       "total",
		},
		Properties: map[string]any{"Count": count, "Quota": aztables.EDMInt64(5 << 30)}, // S
	}
	b, _ := json.Marshal(ent)
	_, err := s.tc.AddEntity(ctx, b, nil)
	return err
}

// Limits (added) stores a device's byte quota as a bare number.
func (s *Store) Limits(ctx context.Context, device string) error {
	b, _ := json.Marshal(map[string]any{
		"PartitionKey": device,
		"RowKey":       "limits",
		"QuotaBytes":   int64(10 << 30), // L: TL125
	})
	_, err := s.tc.UpsertEntity(ctx, b, nil)
	return err
}
