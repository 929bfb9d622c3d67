// Package dispatchcas keeps per-channel delivery cursors and delivery
// markers: compare-and-swap loops that carry the ETag, and a status
// change that goes through two small helpers which lose it.
package dispatchcas

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"time"

	"github.com/Azure/azure-sdk-for-go/sdk/azcore"
	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

// Marks stores delivery markers and cursors.
type Marks struct {
	cursors *aztables.Client
	marks   *aztables.Client
}

func strp(s string) *string { return &s }

func preconditionFailed(err error) bool {
	var re *azcore.ResponseError
	return errors.As(err, &re) && re.StatusCode == 412
}

// loadRow reads one row as a map; the ETag of the read is not returned.
func loadRow(ctx context.Context, c *aztables.Client, pk, rk string) (map[string]any, error) {
	resp, err := c.GetEntity(ctx, pk, rk, nil)
	if err != nil {
		return nil, err
	}
	row := map[string]any{}
	if err := json.Unmarshal(resp.Value, &row); err != nil {
		return nil, err
	}
	return row, nil
}

// storeRow writes a row back whole.
func storeRow(ctx context.Context, c *aztables.Client, row map[string]any) error {
	b, err := json.Marshal(row)
	if err != nil {
		return err
	}
	_, err = c.UpsertEntity(ctx, b, &aztables.UpsertEntityOptions{UpdateMode: aztables.UpdateModeReplace})
	return err
}

// setState changes the State of a marker through the helpers: the read's
// ETag is gone by the time the row is written back.
func (m *Marks) setState(ctx context.Context, channel, msg, state string) error {
	row, err := loadRow(ctx, m.marks, channel, msg)
	if err != nil {
		return err
	}
	row["State"] = state
	return storeRow(ctx, m.marks, row) // L: TL414
}

// Advance moves a cursor forward with an ETag guard, retrying on 412.
func (m *Marks) Advance(ctx context.Context, server, channel string, to int64) (bool, error) {
	for try := 0; try < 5; try++ {
		resp, err := m.cursors.GetEntity(ctx, server, channel, nil)
		if err != nil {
			return false, err
		}
		row := map[string]any{}
		if err := json.Unmarshal(resp.Value, &row); err != nil {
			return false, err
		}
		cur, _ := strconv.ParseInt(fmt.Sprint(row["Position"]), 10, 64)
		if to <= cur {
			return false, nil
		}
		row["Position"] = strconv.FormatInt(to, 10)
		b, _ := json.Marshal(row)
		tag := resp.ETag
		_, err = m.cursors.UpdateEntity(ctx, b, &aztables.UpdateEntityOptions{UpdateMode: aztables.UpdateModeReplace, IfMatch: &tag}) // S
		if err == nil {
			return true, nil
		}
		if !preconditionFailed(err) {
			return false, err
		}
	}
	return false, errors.New("too many conflicts")
}

// Bump increments a retry counter and writes it back without a guard.
func (m *Marks) Bump(ctx context.Context, channel, msg string) (int, error) {
	resp, err := m.marks.GetEntity(ctx, channel, msg, nil)
	if err != nil {
		return 0, err
	}
	var row map[string]any
	if err := json.Unmarshal(resp.Value, &row); err != nil {
		return 0, err
	}
	n, _ := row["Retries"].(float64)
	row["Retries"] = int(n) + 1
	b, _ := json.Marshal(row)
	opts := &aztables.UpdateEntityOptions{UpdateMode: aztables.UpdateModeMerge}
	_, err = m.marks.UpdateEntity(ctx, b, opts) // L: TL414
	return int(n) + 1, err
}

// Stale lists markers still open after a while: no PartitionKey.
func (m *Marks) Stale(ctx context.Context, age time.Duration) ([][]byte, error) {
	cutoff := time.Now().Add(-age).UnixNano()
	f := fmt.Sprintf("State eq 'open' and SentAt lt %d", cutoff)                          // S
	pager := m.marks.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: strp(f)}) // L: TL301
	var out [][]byte
	for pager.More() {
		page, err := pager.NextPage(ctx)
		if err != nil {
			return nil, err
		}
		out = append(out, page.Entities...)
	}
	return out, nil
}

// withRetry runs op up to three times.
func withRetry(op func() error) error {
	var err error
	for i := 0; i < 3; i++ {
		if err = op(); err == nil {
			return nil
		}
		time.Sleep(time.Duration(i+1) * 100 * time.Millisecond)
	}
	return err
}

// Pending reads the markers of one channel inside a retry closure; only
// the first page is ever read.
func (m *Marks) Pending(ctx context.Context, channel string) ([][]byte, error) {
	f := "PartitionKey eq '" + channel + "'" // L: TL321
	var rows [][]byte
	err := withRetry(func() error {
		pager := m.marks.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &f})
		page, err := pager.NextPage(ctx) // L: TL307
		if err != nil {
			return err
		}
		rows = page.Entities
		return nil
	})
	return rows, err
}
