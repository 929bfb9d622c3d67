package loadlockc

import (
	"context"
	"encoding/json"
	"fmt"
	"log"
	"strings"
	"time"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

// quote doubles the single quotes of a value put into an OData string.
func quote(s string) string {
	if s == "" {
		return s
	}
	return strings.ReplaceAll(s, "'", "''")
}

// teamBusy reports whether the team has a waiting or running request,
// other than this one, updated within the last hour.
func teamBusy(ctx context.Context, j job) (bool, error) {
	since := time.Now().UTC().Add(-time.Hour)
	filter := fmt.Sprintf(
		"PartitionKey eq '%s' and (State eq 'waiting' or State eq 'running') and UpdatedAt ge datetime'%s'",
		quote(j.Team),              // S
		since.Format(time.RFC3339), // S
	)
	one := int32(1)
	cols := "RowKey,State,UpdatedAt"
	pager := statusTbl.NewListEntitiesPager(&aztables.ListEntitiesOptions{
		Filter: &filter, // L: TL127 TL303
		Top:    &one,
		Select: &cols,
	})
	for pager.More() {
		page, err := pager.NextPage(ctx) // S
		if err != nil {
			log.Printf("lock page: %v", err)
			return false, err
		}
		for _, raw := range page.Entities {
			var row statusRow
			if err := json.Unmarshal(raw, &row); err != nil {
				continue
			}
			if row.RowKey != j.TestID {
				return true, nil
			}
		}
	}
	return false, nil
}

// takeLock writes the request's row as running.
func takeLock(ctx context.Context, j job) error {
	row := statusRow{
		Entity: aztables.Entity{
			PartitionKey: j.Team,   // S
			RowKey:       j.TestID, // S
		},
		State:     "running",
		UpdatedAt: time.Now().UTC(), // S
	}
	b, _ := json.Marshal(row)
	if _, err := statusTbl.UpsertEntity(ctx, b, nil); err != nil { // S
		return fmt.Errorf("lock row: %w", err)
	}
	return nil
}

// releaseLock marks the request finished.
func releaseLock(ctx context.Context, j job) error {
	return setState(ctx, j.Team, j.TestID, "finished")
}

// setState replaces the request's row with the given state.
func setState(ctx context.Context, team, id, state string) error {
	row := statusRow{
		Entity: aztables.Entity{
			PartitionKey: team, // S
			RowKey:       id,   // S
		},
		State:     state,
		UpdatedAt: time.Now().UTC(),
	}
	b, _ := json.Marshal(row)
	_, err := statusTbl.UpsertEntity(ctx, b, nil) // S
	return err
}
