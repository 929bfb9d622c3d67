// Package loadqueue runs queued load tests one team at a time: before a
// test starts, the team's partition is searched for a test that is still
// waiting or running in the last hour; the request row then records the
// test's state.
package loadqueue

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

// Job is a queued load-test request.
type Job struct {
	Team   string `json:"team_id"`
	TestID string `json:"load_test_id"`
	Target string `json:"target_ip"`
}

type requestRow struct {
	aztables.Entity
	State   string    `json:"State"`
	Changed time.Time `json:"Changed"`
}

// Worker owns the requests table.
type Worker struct {
	requests *aztables.Client
}

func odataQuote(s string) string { return strings.ReplaceAll(s, "'", "''") }

// busy reports whether another test of the job's team is active.
func (w *Worker) busy(ctx context.Context, j Job) (bool, error) {
	since := time.Now().UTC().Add(-time.Hour)
	f := fmt.Sprintf("PartitionKey eq '%s' and (State eq 'waiting' or State eq 'running') and Changed ge datetime'%s'",
		odataQuote(j.Team), since.Format(time.RFC3339)) // S
	one := int32(1)
	cols := "RowKey,State,Changed"
	pager := w.requests.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &f, Top: &one, Select: &cols}) // L: TL303
	for pager.More() {
		page, err := pager.NextPage(ctx)
		if err != nil {
			return false, err
		}
		for _, raw := range page.Entities {
			var r requestRow
			if json.Unmarshal(raw, &r) != nil {
				continue
			}
			if r.RowKey != j.TestID {
				return true, nil
			}
		}
	}
	return false, nil
}

func (w *Worker) setState(ctx context.Context, team, test, state string) error {
	r := requestRow{Entity: aztables.Entity{PartitionKey: team, RowKey: test}, State: state, Changed: time.Now().UTC()}
	b, _ := json.Marshal(r)
	_, err := w.requests.UpsertEntity(ctx, b, nil) // S
	return err
}

// Handle runs one queued job unless its team is busy.
func (w *Worker) Handle(ctx context.Context, j Job, run func(Job) error) error {
	dup, err := w.busy(ctx, j)
	if err != nil || dup {
		return err
	}
	if err := w.setState(ctx, j.Team, j.TestID, "running"); err != nil {
		return err
	}
	state := "finished"
	if err := run(j); err != nil {
		state = "failed"
	}
	return w.setState(ctx, j.Team, j.TestID, state)
}

// Recent lists a team's tests of the last day for a status page (added:
// the team name from the page's search box, not quoted).
func (w *Worker) Recent(ctx context.Context, team string) (int, error) {
	since := time.Now().UTC().Add(-24 * time.Hour).Format(time.RFC3339)
	f := "PartitionKey eq '" + team + "' and Changed ge datetime'" + since + "'"        // L: TL321
	pager := w.requests.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &f}) // L: TL303
	n := 0
	for pager.More() {
		page, err := pager.NextPage(ctx)
		if err != nil {
			return n, err
		}
		n += len(page.Entities)
	}
	return n, nil
}

// Stuck finds tests left running for more than an hour in any team
// (added: the cleanup job).
func (w *Worker) Stuck(ctx context.Context) ([]string, error) {
	before := time.Now().UTC().Add(-time.Hour).Format(time.RFC3339)
	f := "State eq 'running' and Changed lt datetime'" + before + "'"                   // S
	pager := w.requests.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &f}) // L: TL301
	var ids []string
	for pager.More() {
		page, err := pager.NextPage(ctx)
		if err != nil {
			return nil, err
		}
		for _, raw := range page.Entities {
			var r requestRow
			if json.Unmarshal(raw, &r) == nil {
				ids = append(ids, r.PartitionKey+"/"+r.RowKey)
			}
		}
	}
	return ids, nil
}
