// Package taskboard keeps each user's to-do list in a partition of its own
// and the user's settings in a second table (shape of a task-streaming
// service with tuned client retries).
package taskboard

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"github.com/Azure/azure-sdk-for-go/sdk/azcore"
	"github.com/Azure/azure-sdk-for-go/sdk/azcore/policy"
	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

// Storage holds the two tables.
type Storage struct {
	tasks    *aztables.Client
	settings *aztables.Client
}

// Task is one to-do item.
type Task struct {
	aztables.Entity
	Title    string `json:"Title"`
	Notes    string `json:"Notes"`
	Category string `json:"Category"`
	Order    int32  `json:"Order"`
	Done     bool   `json:"Done"`
}

// New opens both tables with retries on throttling and server errors.
func New(connStr string) (*Storage, error) {
	opts := aztables.ClientOptions{ClientOptions: azcore.ClientOptions{Retry: policy.RetryOptions{
		MaxRetries:    3, // S
		TryTimeout:    3 * time.Minute,
		RetryDelay:    time.Second,
		MaxRetryDelay: 15 * time.Second,
		StatusCodes:   []int{408, 429, 500, 502, 503, 504}, // S
	}}}
	svc, err := aztables.NewServiceClientFromConnectionString(connStr, &opts)
	if err != nil {
		return nil, err
	}
	return &Storage{tasks: svc.NewClient("tasks"), settings: svc.NewClient("settings")}, nil
}

// Tasks lists a user's tasks; the user id comes from the auth token.
func (s *Storage) Tasks(ctx context.Context, user string) ([]Task, error) {
	f := "PartitionKey eq '" + user + "'" // L: TL321
	pager := s.tasks.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &f})
	var out []Task
	for pager.More() {
		page, err := pager.NextPage(ctx)
		if err != nil {
			return nil, err
		}
		for _, raw := range page.Entities {
			var t Task
			if err := json.Unmarshal(raw, &t); err != nil {
				return nil, err
			}
			out = append(out, t)
		}
	}
	return out, nil
}

// Reorder writes the new position of every task of one user.
func (s *Storage) Reorder(ctx context.Context, user string, ids []string) error {
	for i, id := range ids {
		b, err := json.Marshal(map[string]any{"PartitionKey": user, "RowKey": id, "Order": i})
		if err != nil {
			return err
		}
		if _, err := s.tasks.UpsertEntity(ctx, b, nil); err != nil { // L: TL406
			return fmt.Errorf("reorder %s: %w", id, err)
		}
	}
	return nil
}
