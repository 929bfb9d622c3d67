// Package server logs its start and every SSH session as events.
package server

import (
	"context"
	"fmt"
	"time"

	"example.com/five-mistakes/eventlog"
)

// Started records the start of the server.
func Started(ctx context.Context, c *eventlog.Clients, suffix string) error {
	now := time.Now()
	return eventlog.WriteEvent(ctx, c, eventlog.Event{
		PartitionKey: now.Format("2006-01-02"), // L: TL209
		RowKey:       now.Format("20060102T150405") + "_server_start",
		Kind:         "server_start",
	})
}

// Session records a session.
func Session(ctx context.Context, c *eventlog.Clients, box string) {
	now := time.Now()
	ev := eventlog.Event{
		PartitionKey: now.Format("2006-01-02"), // L: TL209
		RowKey:       fmt.Sprintf("%s_session", now.Format("20060102T150405")),
		Kind:         "session_start",
		BoxID:        box,
	}
	_ = eventlog.WriteEvent(ctx, c, ev)
}
