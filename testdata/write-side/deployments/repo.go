// Package deployments tracks lab deployments per user: the user as
// partition, "user-workspace-subscription" as RowKey.
package deployments

import (
	"context"
	"encoding/json"
	"time"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

// Deployment is a row.
type Deployment struct {
	aztables.Entity
	UserID         string
	Workspace      string
	SubscriptionID string
	Status         string
	Lifespan       int64
	DestroyAt      time.Time // S
}

// Repo is the deployments table.
type Repo struct {
	table *aztables.Client
}

func rowKey(user, workspace, sub string) string {
	return user + "-" + workspace + "-" + sub // S
}

// Upsert stores a deployment. DestroyAt is the zero time for deployments
// without a lifespan; encoding/json sends a time.Time as a bare string, so
// the service stores the String "0001-01-01T00:00:00Z" and accepts it.
func (r *Repo) Upsert(ctx context.Context, d Deployment) error {
	d.Entity = aztables.Entity{PartitionKey: d.UserID, RowKey: rowKey(d.UserID, d.Workspace, d.SubscriptionID)}
	if d.Lifespan > 0 {
		d.DestroyAt = time.Now().UTC().Add(time.Duration(d.Lifespan) * time.Second)
	}
	b, err := json.Marshal(d)
	if err != nil {
		return err
	}
	_, err = r.table.UpsertEntity(ctx, b, &aztables.UpsertEntityOptions{UpdateMode: aztables.UpdateModeReplace}) // S
	return err
}

// SetStatus reads the deployment, changes its status and upserts it:
// UpsertEntity sends no If-Match, so a concurrent change is overwritten.
func (r *Repo) SetStatus(ctx context.Context, user, workspace, sub, status string) error {
	resp, err := r.table.GetEntity(ctx, user, rowKey(user, workspace, sub), nil)
	if err != nil {
		return err
	}
	var d Deployment
	if err := json.Unmarshal(resp.Value, &d); err != nil {
		return err
	}
	d.Status = status
	b, err := json.Marshal(d)
	if err != nil {
		return err
	}
	_, err = r.table.UpsertEntity(ctx, b, &aztables.UpsertEntityOptions{UpdateMode: aztables.UpdateModeReplace}) // L: TL414
	return err
}

// Delete removes a deployment.
func (r *Repo) Delete(ctx context.Context, user, workspace, sub string) error {
	_, err := r.table.DeleteEntity(ctx, user, rowKey(user, workspace, sub), nil) // S
	return err
}
