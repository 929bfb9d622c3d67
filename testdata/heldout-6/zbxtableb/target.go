package zbxtableb

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

// sampleRow is what a value becomes: the keys, the host flattened into two
// strings, and the exported record inlined.
type sampleRow struct {
	aztables.Entity
	HostTech, HostVisible string
	*Sample
}

type hourlyRow struct {
	aztables.Entity
	HostTech, HostVisible string
	*Hourly
}

// Result counts what a save did.
type Result struct{ Saved, Failed int }

// Target writes to the "history" and "trends" tables of the account its
// connection (a service URL with a SAS token) names.
type Target struct {
	samples *aztables.Client
	hourly  *aztables.Client
	keep    func(tags []Label) bool
}

// NewTarget builds the two table clients.
func NewTarget(conn string, keep func([]Label) bool) (*Target, error) {
	base, query, _ := strings.Cut(conn, "?")
	base = strings.TrimSuffix(base, "/")
	h, err := aztables.NewClientWithNoCredential(base+"/history?"+query, nil)
	if err != nil {
		return nil, err
	}
	t, err := aztables.NewClientWithNoCredential(base+"/trends?"+query, nil)
	if err != nil {
		return nil, err
	}
	return &Target{samples: h, hourly: t, keep: keep}, nil
}

// SaveSamples adds one row per value.
func (t *Target) SaveSamples(ctx context.Context, in []Sample) Result {
	var r Result
	for _, s := range in {
		if t.keep != nil && !t.keep(s.Labels) {
			continue
		}
		row := sampleRow{
			Entity: aztables.Entity{
				PartitionKey: fmt.Sprint(s.ItemID),                // L: TL204
				RowKey:       fmt.Sprintf("%d.%d", s.Clock, s.Ns), // L: TL204
			},
			Sample: &s,
		}
		if s.Host != nil {
			row.HostTech, row.HostVisible = s.Host.Tech, s.Host.Visible
		}
		row.Host = nil
		b, err := json.Marshal(row)
		if err != nil {
			r.Failed++
			continue
		}
		if _, err := t.samples.AddEntity(ctx, b, nil); err != nil { // S
			r.Failed++
			continue
		}
		r.Saved++
	}
	return r
}

// SaveHourly adds one row per item and hour.
func (t *Target) SaveHourly(ctx context.Context, in []Hourly) Result {
	var r Result
	for _, h := range in {
		if t.keep != nil && !t.keep(h.Labels) {
			continue
		}
		row := hourlyRow{
			Entity: aztables.Entity{
				PartitionKey: fmt.Sprint(h.ItemID), // L: TL204
				RowKey:       fmt.Sprint(h.Clock),  // L: TL204
			},
			Hourly: &h,
		}
		if h.Host != nil {
			row.HostTech, row.HostVisible = h.Host.Tech, h.Host.Visible
		}
		row.Host = nil
		b, err := json.Marshal(row)
		if err != nil {
			r.Failed++
			continue
		}
		if _, err := t.hourly.AddEntity(ctx, b, nil); err != nil {
			r.Failed++
			continue
		}
		r.Saved++
	}
	return r
}
