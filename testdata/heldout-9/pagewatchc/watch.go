package pagewatchc

import (
	"context"
	"encoding/json"
	"log"
	"strings"
	"time"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

// Runner holds what a tick needs; scraping and notifying are plugged in.
type Runner struct {
	svc     *aztables.ServiceClient
	watches []Watch
	scrape  func(ctx context.Context, w Watch) ([]string, error)
	notify  func(ctx context.Context, title string, fresh []string) error
	ledger  bool
}

// Tick visits every watch once.
func (r *Runner) Tick(ctx context.Context) {
	for i, w := range r.watches {
		log.Printf("watch %d: %s", i, w.PageURL)
		if err := r.visit(ctx, w); err != nil {
			log.Printf("watch %d: %v", i, err)
		}
	}
}

func (r *Runner) visit(parent context.Context, w Watch) error {
	ctx, cancel := context.WithTimeout(parent, time.Minute)
	defer cancel()

	found, err := r.scrape(ctx, w)
	if err != nil {
		return err
	}

	if _, err := r.svc.CreateTable(ctx, w.Table, nil); err != nil && !strings.Contains(err.Error(), "TableAlreadyExists") {
		return err
	}
	tc := r.svc.NewClient(w.Table)

	// Everything the table holds is what has been seen before.
	seen := make(map[string]bool)
	pager := tc.NewListEntitiesPager(&aztables.ListEntitiesOptions{}) // L: TL301
	for pager.More() {
		page, err := pager.NextPage(ctx)
		if err != nil {
			log.Printf("listing %s: %v", w.Table, err)
			break
		}
		for _, raw := range page.Entities {
			var row aztables.EDMEntity
			if err := json.Unmarshal(raw, &row); err != nil {
				return err
			}
			seen[row.RowKey] = true
		}
	}

	var fresh []string
	var rows []aztables.EDMEntity
	for _, item := range found {
		if seen[item] {
			continue
		}
		fresh = append(fresh, item)
		rows = append(rows, aztables.EDMEntity{
			Entity: aztables.Entity{PartitionKey: item, RowKey: item}, // S
		})
	}
	if len(fresh) == 0 {
		log.Printf("watch %s: nothing new", w.Table)
		return nil
	}
	if err := r.notify(ctx, w.Title, fresh); err != nil {
		return err
	}

	if r.ledger {
		return rememberChunked(ctx, tc, w.Table, fresh)
	}
	for _, row := range rows {
		body, err := json.Marshal(row)
		if err != nil {
			return err
		}
		tc.AddEntity(ctx, body, nil) // S
	}
	return nil
}
