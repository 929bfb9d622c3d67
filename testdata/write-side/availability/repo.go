// Package availability keeps employees' availability windows: the
// employee as partition, one row per window.
package availability

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

// Window is the model.
type Window struct {
	ID         string
	EmployeeID string
	StartDate  time.Time
	EndDate    time.Time
}

// Repo implements the repository over one table.
type Repo struct {
	serviceClient *aztables.ServiceClient
	tableName     string
}

func entityOf(w Window) map[string]any {
	return map[string]any{
		"PartitionKey": w.EmployeeID,
		"RowKey":       w.ID,
		"EmployeeID":   w.EmployeeID,
		"StartDate":    w.StartDate.Format(time.RFC3339),
		"EndDate":      w.EndDate.Format(time.RFC3339),
	}
}

// Create inserts a window.
func (r *Repo) Create(ctx context.Context, w Window) error {
	b, err := json.Marshal(entityOf(w))
	if err != nil {
		return fmt.Errorf("failed to marshal entity: %v", err)
	}
	_, err = r.serviceClient.NewClient(r.tableName).AddEntity(ctx, b, nil) // S
	return err
}

// Update replaces a window with every property of the model; a window
// that does not exist is reported to the caller (the API answers 404).
func (r *Repo) Update(ctx context.Context, w Window) error {
	tc := r.serviceClient.NewClient(r.tableName)
	b, err := json.Marshal(entityOf(w))
	if err != nil {
		return fmt.Errorf("failed to marshal entity: %v", err)
	}
	opts := &aztables.UpdateEntityOptions{UpdateMode: aztables.UpdateModeReplace}
	if _, err := tc.UpdateEntity(ctx, b, opts); err != nil { // S
		return fmt.Errorf("failed to update entity: %v", err)
	}
	return nil
}

// Delete removes a window.
func (r *Repo) Delete(ctx context.Context, employeeID, id string) error {
	tc := r.serviceClient.NewClient(r.tableName)
	_, err := tc.DeleteEntity(ctx, employeeID, id, nil) // S
	return err
}
