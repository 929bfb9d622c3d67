// Package readiness assigns training labs to users (shape of a lab
// platform's assignment repository with structured logging).
package readiness

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"strings"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

// Assignment links a user to a lab.
type Assignment struct {
	PartitionKey string `json:"PartitionKey"`
	RowKey       string `json:"RowKey"`
	UserID       string `json:"UserId"`
	LabID        string `json:"LabId"`
	Status       string `json:"Status"`
}

// Repo is the assignments table.
type Repo struct {
	table *aztables.Client
	log   *slog.Logger
}

func quote(s string) string { return strings.ReplaceAll(s, "'", "''") }

// Upsert writes an assignment.
func (r *Repo) Upsert(ctx context.Context, a Assignment) error {
	a.PartitionKey, a.RowKey = a.UserID, a.LabID
	b, err := json.Marshal(a)
	if err != nil {
		r.log.Error("marshal assignment", "user", a.UserID, "err", err)
		return err
	}
	if _, err := r.table.UpsertEntity(ctx, b, nil); err != nil { // S
		r.log.Error("upsert assignment", "user", a.UserID, "err", err)
		return err
	}
	return nil
}

// ForUser lists a user's assignments.
func (r *Repo) ForUser(ctx context.Context, user string) ([]Assignment, error) {
	f := fmt.Sprintf("PartitionKey eq '%s'", quote(user)) // S
	return r.list(ctx, &aztables.ListEntitiesOptions{Filter: &f})
}

// ForLab lists the assignments of one lab, across users.
func (r *Repo) ForLab(ctx context.Context, lab string) ([]Assignment, error) {
	f := fmt.Sprintf("LabId eq '%s'", quote(lab))
	return r.list(ctx, &aztables.ListEntitiesOptions{Filter: &f}) // L: TL301
}

func (r *Repo) list(ctx context.Context, o *aztables.ListEntitiesOptions) ([]Assignment, error) {
	pager := r.table.NewListEntitiesPager(o)
	var out []Assignment
	for pager.More() {
		page, err := pager.NextPage(ctx)
		if err != nil {
			return nil, err
		}
		for _, raw := range page.Entities {
			var a Assignment
			if err := json.Unmarshal(raw, &a); err != nil {
				return nil, err
			}
			out = append(out, a)
		}
	}
	return out, nil
}
