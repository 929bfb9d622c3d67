package relayhosta

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

const (
	meterRow   = "usage"
	meterTries = 10
)

// Meter keeps one usage row per relay room and the rooms' peer and message
// tables that the hourly billing job walks.
type Meter struct {
	usage *aztables.Client
	peers *aztables.Client
	posts *aztables.Client
	space string // optional tenant prefix of every room partition
}

func (m *Meter) roomKey(room string) string {
	if m.space == "" {
		return safeKey(room)
	}
	return safeKey(m.space + "|" + room)
}

// Add grows a room's byte total and message count, creating the row the
// first time; concurrent writers are settled by the ETag of the read.
func (m *Meter) Add(ctx context.Context, room string, bytes int64) error {
	pk := m.roomKey(room)
	for try := 0; try < meterTries; try++ {
		got, err := m.usage.GetEntity(ctx, pk, meterRow, nil)
		if err != nil {
			if !isMissing(err) {
				return err
			}
			first, _ := json.Marshal(map[string]any{
				"PartitionKey": pk,
				"RowKey":       meterRow,
				"Room":         room,
				"Bytes":        bytes, // S
				"Messages":     int64(1),
				"ChangedNs":    time.Now().UnixNano(), // L: TL125
			})
			if _, err := m.usage.AddEntity(ctx, first, nil); err == nil || !isTaken(err) {
				return err
			}
			continue
		}
		row := map[string]any{}
		if err := json.Unmarshal(got.Value, &row); err != nil {
			return err
		}
		row["Bytes"] = asInt(row["Bytes"]) + bytes
		row["Messages"] = asInt(row["Messages"]) + 1
		row["ChangedNs"] = time.Now().UnixNano() // L: TL125
		body, _ := json.Marshal(row)
		tag := got.ETag
		_, err = m.usage.UpdateEntity(ctx, body, &aztables.UpdateEntityOptions{UpdateMode: aztables.UpdateModeReplace, IfMatch: &tag}) // S
		if err == nil || !isStale(err) {
			return err
		}
	}
	return fmt.Errorf("relay: usage of %s: too many conflicts", room)
}

// Shrink takes compacted bytes and messages off a room's totals, never
// below zero.
func (m *Meter) Shrink(ctx context.Context, room string, bytes, messages int64) error {
	pk := m.roomKey(room)
	for try := 0; try < meterTries; try++ {
		got, err := m.usage.GetEntity(ctx, pk, meterRow, nil)
		if isMissing(err) {
			return nil
		}
		if err != nil {
			return err
		}
		row := map[string]any{}
		if err := json.Unmarshal(got.Value, &row); err != nil {
			return err
		}
		row["Bytes"] = max(asInt(row["Bytes"])-bytes, 0)
		row["Messages"] = max(asInt(row["Messages"])-messages, 0)
		row["ChangedNs"] = time.Now().UnixNano() // L: TL125
		body, _ := json.Marshal(row)
		tag := got.ETag
		_, err = m.usage.UpdateEntity(ctx, body, &aztables.UpdateEntityOptions{UpdateMode: aztables.UpdateModeReplace, IfMatch: &tag}) // S
		if err == nil || !isStale(err) {
			return err
		}
	}
	return fmt.Errorf("relay: usage of %s: too many conflicts", room)
}

// Billable lists every room with stored bytes, for the hourly job.
func (m *Meter) Billable(ctx context.Context) (map[string]int64, error) {
	out := map[string]int64{}
	pager := m.usage.NewListEntitiesPager(nil) // L: TL301
	for pager.More() {
		page, err := pager.NextPage(ctx)
		if err != nil {
			return nil, err
		}
		for _, raw := range page.Entities {
			row := map[string]any{}
			if json.Unmarshal(raw, &row) != nil {
				continue
			}
			if n := asInt(row["Bytes"]); n > 0 && asText(row, "Room") != "" {
				out[asText(row, "Room")] = n
			}
		}
	}
	return out, nil
}

// PeerCounts counts peer rows per room over the whole peer table.
func (m *Meter) PeerCounts(ctx context.Context) (map[string]int, error) {
	counts := map[string]int{}
	pager := m.peers.NewListEntitiesPager(nil) // L: TL301
	for pager.More() {
		page, err := pager.NextPage(ctx)
		if err != nil {
			return nil, err
		}
		for _, raw := range page.Entities {
			var row struct{ Room string }
			if json.Unmarshal(raw, &row) == nil && row.Room != "" {
				counts[row.Room]++
			}
		}
	}
	return counts, nil
}

// Stale returns the messages received before cutoff (nanoseconds), in one
// room when room is given and in every room otherwise.
func (m *Meter) Stale(ctx context.Context, room string, cutoff int64) ([]string, error) {
	opts := &aztables.ListEntitiesOptions{}
	if room != "" {
		opts.Filter = textPtr(fmt.Sprintf("PartitionKey eq '%s'", m.roomKey(room))) // S
	}
	pager := m.posts.NewListEntitiesPager(opts) // L: TL301
	var ids []string
	for pager.More() {
		page, err := pager.NextPage(ctx)
		if err != nil {
			return nil, err
		}
		for _, raw := range page.Entities {
			var row struct {
				RowKey     string
				ReceivedNs int64
			}
			if json.Unmarshal(raw, &row) == nil && row.ReceivedNs < cutoff {
				ids = append(ids, row.RowKey)
			}
		}
	}
	return ids, nil
}
