// Package jobcounter is a batch job's bookkeeping: after each run the job
// adds its result count to a running total kept in one row per job, and
// leaves a row of history for the run.
package jobcounter

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log"
	"math"
	"math/rand"
	"net/http"
	"time"

	"github.com/Azure/azure-sdk-for-go/sdk/azcore"
	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

const totalsPartition = "CronJob"

// Counter reaches the totals and history tables.
type Counter struct {
	totals  *aztables.Client
	history *aztables.Client
}

// Open uses the job's connection string.
func Open(conn string) (*Counter, error) {
	svc, err := aztables.NewServiceClientFromConnectionString(conn, nil)
	if err != nil {
		return nil, err
	}
	return &Counter{totals: svc.NewClient("jobtotals"), history: svc.NewClient("jobhistory")}, nil
}

func notFound(err error) bool {
	var re *azcore.ResponseError
	return errors.As(err, &re) && re.StatusCode == http.StatusNotFound
}

// AddToTotal adds n to the job's total, retrying three times with a
// growing random delay, and returns the new total.
func (c *Counter) AddToTotal(ctx context.Context, job string, n int) (int, error) {
	var err error
	for attempt := 0; attempt < 3; attempt++ {
		ent := aztables.EDMEntity{
			Entity:     aztables.Entity{PartitionKey: totalsPartition, RowKey: job},
			Properties: map[string]any{"Counter": 0},
		}
		etag := azcore.ETagAny
		resp, getErr := c.totals.GetEntity(ctx, totalsPartition, job, nil)
		if getErr == nil {
			if err := json.Unmarshal(resp.Value, &ent); err != nil {
				return 0, err
			}
			etag = resp.ETag
		}
		total := n
		if v, ok := ent.Properties["Counter"].(float64); ok {
			total += int(v)
		}
		ent.Properties["Counter"] = total
		b, _ := json.Marshal(ent)
		_, err = c.totals.UpsertEntity(ctx, b, &aztables.UpsertEntityOptions{ETag: etag, UpdateMode: aztables.UpdateModeReplace}) // L: TL414
		if err == nil {
			return total, nil
		}
		time.Sleep(time.Duration(100*attempt+rand.Intn(100)) * time.Millisecond)
	}
	return 0, err
}

// AddToTotalChecked is AddToTotal with the write conditional on the read.
func (c *Counter) AddToTotalChecked(ctx context.Context, job string, n int) error {
	resp, err := c.totals.GetEntity(ctx, totalsPartition, job, nil)
	if notFound(err) {
		b, _ := json.Marshal(map[string]any{"PartitionKey": totalsPartition, "RowKey": job, "Counter": n})
		_, err = c.totals.AddEntity(ctx, b, nil)
		return err
	}
	if err != nil {
		return err
	}
	var ent aztables.EDMEntity
	if err := json.Unmarshal(resp.Value, &ent); err != nil {
		return err
	}
	prev, _ := ent.Properties["Counter"].(float64)
	ent.Properties["Counter"] = int(prev) + n
	b, _ := json.Marshal(ent)
	_, err = c.totals.UpdateEntity(ctx, b, &aztables.UpdateEntityOptions{IfMatch: &resp.ETag, UpdateMode: aztables.UpdateModeReplace}) // S
	return err
}

// RecordRun leaves a history row for one run, in the day's partition.
func (c *Counter) RecordRun(ctx context.Context, job string, n int, took time.Duration) error {
	now := time.Now().UTC()
	e := aztables.EDMEntity{
		Entity: aztables.Entity{
			PartitionKey: now.Format("2006-01-02"),                        // L: TL209
			RowKey:       fmt.Sprintf("%d", math.MaxInt64-now.UnixNano()), // L: TL205
		},
		Properties: map[string]any{
			"Job":        job,
			"Result":     n,
			"DurationMs": took.Milliseconds(),
			"FinishedMs": now.UnixMilli(), // L: TL125
		},
	}
	b, _ := json.Marshal(e)
	_, err := c.history.AddEntity(ctx, b, nil)
	return err
}

// RecordRunByJob keeps the job first in the key, newest first, padded.
func (c *Counter) RecordRunByJob(ctx context.Context, job string, n int) error {
	now := time.Now().UTC()
	e := aztables.EDMEntity{
		Entity: aztables.Entity{
			PartitionKey: job + "_" + now.Format("2006-01"),                  // S
			RowKey:       fmt.Sprintf("%019d", math.MaxInt64-now.UnixNano()), // S
		},
		Properties: map[string]any{"Result": n, "FinishedMs": aztables.EDMInt64(now.UnixMilli())},
	}
	b, _ := json.Marshal(e)
	_, err := c.history.AddEntity(ctx, b, nil)
	return err
}

// Runs lists the history rows of one job, for the dashboard.
func (c *Counter) Runs(ctx context.Context, job string) ([]aztables.EDMEntity, error) {
	filter := "Job eq '" + job + "'"                                                        // L: TL321
	pager := c.history.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &filter}) // L: TL301
	var out []aztables.EDMEntity
	for pager.More() {
		page, err := pager.NextPage(ctx)
		if err != nil {
			return nil, err
		}
		for _, raw := range page.Entities {
			var e aztables.EDMEntity
			if json.Unmarshal(raw, &e) == nil {
				out = append(out, e)
			}
		}
	}
	log.Printf("%d runs of %s", len(out), job)
	return out, nil
}
