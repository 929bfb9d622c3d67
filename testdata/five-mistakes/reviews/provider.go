// Package reviews keeps label-review jobs: results in blobs, and a summary
// row per job in a table partitioned by the month it was submitted.
package reviews

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

// Summary is what the table holds for a job.
type Summary struct {
	JobID, File, SubmittedAt, Decision string
}

// Provider is the table side of the store.
type Provider struct{ table *aztables.Client }

func ptr[T any](v T) *T { return &v }

func summarize(jobID, file string) Summary {
	return Summary{JobID: jobID, File: file, SubmittedAt: time.Now().Format(time.RFC3339)}
}

// SaveResult records a finished job.
func (p *Provider) SaveResult(ctx context.Context, jobID, file string) error {
	return p.upsert(ctx, summarize(jobID, file))
}

func (p *Provider) upsert(ctx context.Context, s Summary) error {
	submitted, _ := time.Parse(time.RFC3339, s.SubmittedAt)
	pk := submitted.Format("2006-01")
	if pk == "0001-01" {
		pk = time.Now().Format("2006-01")
	}
	row := map[string]interface{}{
		"PartitionKey": pk, // L: TL209
		"RowKey":       s.JobID,
		"File":         s.File,
		"SubmittedAt":  s.SubmittedAt,
	}
	b, err := json.Marshal(row)
	if err != nil {
		return err
	}
	_, err = p.table.UpsertEntity(ctx, b, &aztables.UpsertEntityOptions{UpdateMode: aztables.UpdateModeMerge})
	return err
}

// SaveDecision finds the job's row by RowKey and merges the decision in.
func (p *Provider) SaveDecision(ctx context.Context, jobID, decision string) error {
	pager := p.table.NewListEntitiesPager(&aztables.ListEntitiesOptions{
		Filter: ptr(fmt.Sprintf("RowKey eq '%s'", jobID)), // L: TL301 TL321
		Top:    ptr(int32(1)),
	})
	for pager.More() {
		page, err := pager.NextPage(ctx)
		if err != nil {
			return err
		}
		for _, raw := range page.Entities {
			var m map[string]interface{}
			if json.Unmarshal(raw, &m) == nil {
				m["Decision"] = decision
				b, _ := json.Marshal(m)
				if _, err := p.table.UpsertEntity(ctx, b, &aztables.UpsertEntityOptions{UpdateMode: aztables.UpdateModeMerge}); err != nil { // S
					return err
				}
			}
		}
	}
	return nil
}

// List returns every summary.
func (p *Provider) List(ctx context.Context) ([]Summary, error) {
	var out []Summary
	pager := p.table.NewListEntitiesPager(nil) // L: TL301
	for pager.More() {
		page, err := pager.NextPage(ctx)
		if err != nil {
			return nil, err
		}
		for _, raw := range page.Entities {
			var s Summary
			if json.Unmarshal(raw, &s) == nil {
				out = append(out, s)
			}
		}
	}
	return out, nil
}
