// Package queuewatchb is a timer job that samples a storage queue's depth,
// keeps the last sample per queue in a table, and asks a scaler endpoint
// for more replicas when the backlog is deep and growing.
package queuewatchb

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"os"
	"strconv"
	"time"

	"github.com/Azure/azure-sdk-for-go/sdk/azcore"
	"github.com/Azure/azure-sdk-for-go/sdk/azcore/runtime"
	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

// sample is the one row kept per queue. Its time is a plain time.Time,
// which encoding/json sends as text: the service stores a String.
type sample struct {
	aztables.Entity
	Depth  int32     `json:"Depth"`
	SeenAt time.Time `json:"SeenAt"`
}

type settings struct {
	account, key, table, queue string
	minDepth                   int32
	growthPct                  float64
	window                     time.Duration
	scalerURL                  string
}

func loadSettings() (settings, error) {
	s := settings{
		account:   os.Getenv("WATCH_STATE_ACCOUNT"),
		key:       os.Getenv("WATCH_STATE_KEY"),
		table:     os.Getenv("WATCH_STATE_TABLE"),
		queue:     os.Getenv("WATCH_QUEUE"),
		scalerURL: os.Getenv("WATCH_SCALER_URL"),
	}
	if s.account == "" || s.table == "" || s.queue == "" || s.scalerURL == "" {
		return s, errors.New("queuewatch: missing settings")
	}
	d, err := strconv.Atoi(os.Getenv("WATCH_MIN_DEPTH"))
	if err != nil {
		return s, err
	}
	s.minDepth = int32(d)
	if s.growthPct, err = strconv.ParseFloat(os.Getenv("WATCH_GROWTH_PCT"), 64); err != nil {
		return s, err
	}
	secs, err := strconv.Atoi(os.Getenv("WATCH_WINDOW_SECONDS"))
	if err != nil {
		return s, err
	}
	s.window = time.Duration(secs) * time.Second
	return s, nil
}

func stateTable(s settings) (*aztables.Client, error) {
	cred, err := aztables.NewSharedKeyCredential(s.account, s.key)
	if err != nil {
		return nil, err
	}
	svc, err := aztables.NewServiceClientWithSharedKey(fmt.Sprintf("https://%s.table.core.windows.net/", s.account), cred, nil)
	if err != nil {
		return nil, err
	}
	return svc.NewClient(s.table), nil
}

// tick is one run: read the previous sample, store the new one, decide.
func tick(ctx context.Context, s settings, depthNow func(context.Context) (int32, error)) error {
	tc, err := stateTable(s)
	if err != nil {
		return err
	}
	depth, err := depthNow(ctx)
	if err != nil {
		return err
	}

	var prev sample
	got, err := tc.GetEntity(ctx, s.queue, "latest", nil)
	if err == nil {
		_ = json.Unmarshal(got.Value, &prev)
	} else {
		var re *azcore.ResponseError
		if !errors.As(err, &re) || re.StatusCode != http.StatusNotFound {
			return err
		}
	}

	// The new sample owes nothing to the one read: a blind overwrite.
	next := sample{
		Entity: aztables.Entity{
			PartitionKey: s.queue, // S
			RowKey:       "latest",
		},
		Depth:  depth,
		SeenAt: time.Now().UTC(),
	}
	body, err := json.Marshal(next)
	if err != nil {
		return err
	}
	if _, err := tc.UpsertEntity(ctx, body, nil); err != nil { // S
		return err
	}

	if depth <= s.minDepth {
		return nil
	}
	since := time.Since(prev.SeenAt)
	if prev.Depth > 0 && !prev.SeenAt.IsZero() && since >= s.window {
		growth := float64(depth-prev.Depth) / float64(prev.Depth) * 100
		if growth <= s.growthPct {
			return nil
		}
	}
	return callScaler(ctx, s.scalerURL)
}

func callScaler(ctx context.Context, url string) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, url, nil)
	if err != nil {
		return err
	}
	res, err := (&http.Client{Timeout: 30 * time.Second}).Do(req)
	if err != nil {
		return err
	}
	defer res.Body.Close()
	if res.StatusCode/100 != 2 {
		return fmt.Errorf("queuewatch: scaler answered %s", res.Status)
	}
	return nil
}

// staleQueues (added) lists the queues whose last sample is older than
// the cut-off, comparing SeenAt, stored as a String, with a datetime.
func staleQueues(ctx context.Context, tc *aztables.Client, cut time.Time) ([]string, error) {
	pager := tc.NewListEntitiesPager(&aztables.ListEntitiesOptions{
		Filter: to(fmt.Sprintf("SeenAt lt datetime'%s'", cut.UTC().Format(time.RFC3339))), // L: TL301 TL127
	})
	return queueNames(ctx, pager)
}

// staleQueuesText (added) is the twin: the cut-off compared as the text
// the rows hold (the whole table is still read).
func staleQueuesText(ctx context.Context, tc *aztables.Client, cut time.Time) ([]string, error) {
	bound := cut.UTC().Format(time.RFC3339)
	pager := tc.NewListEntitiesPager(&aztables.ListEntitiesOptions{
		Filter: to("SeenAt lt '" + bound + "'"), // L: TL301
	})
	return queueNames(ctx, pager)
}

func queueNames(ctx context.Context, pager *runtime.Pager[aztables.ListEntitiesResponse]) ([]string, error) {
	var names []string
	for pager.More() {
		page, err := pager.NextPage(ctx)
		if err != nil {
			return names, err
		}
		for _, raw := range page.Entities {
			var row sample
			if err := json.Unmarshal(raw, &row); err != nil {
				return names, err
			}
			names = append(names, row.PartitionKey)
		}
	}
	return names, nil
}

func to(s string) *string { return &s }
