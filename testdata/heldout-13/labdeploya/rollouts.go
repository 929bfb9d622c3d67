package labdeploya

import (
	"context"
	"encoding/json"
	"strings"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

// Mine lists the rollouts of user that belong to subscription.
func (s *Store) Mine(ctx context.Context, user, subscription string) ([]Rollout, error) {
	c := s.table("Deployments")
	f := "PartitionKey eq '" + user + "'"                                      // L: TL321
	pages := c.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &f}) // S
	var out []Rollout
	for pages.More() {
		page, err := pages.NextPage(ctx)
		if err != nil {
			return nil, err
		}
		for _, raw := range page.Entities {
			var row aztables.EDMEntity
			if err := json.Unmarshal(raw, &row); err != nil {
				return nil, err
			}
			if !strings.Contains(row.RowKey, subscription) {
				continue
			}
			doc, _ := row.Properties["Document"].(string)
			var r Rollout
			if err := json.Unmarshal([]byte(doc), &r); err != nil {
				return nil, err
			}
			out = append(out, r)
		}
	}
	return out, nil
}

// One reads the rollout of user in workspace and subscription.
func (s *Store) One(ctx context.Context, user, workspace, subscription string) (Rollout, error) {
	got, err := s.table("Deployments").GetEntity(ctx, user, user+"-"+workspace+"-"+subscription, nil) // L: TL201
	if err != nil {
		return Rollout{}, err
	}
	var row aztables.EDMEntity
	if err := json.Unmarshal(got.Value, &row); err != nil {
		return Rollout{}, err
	}
	doc, _ := row.Properties["Document"].(string)
	var r Rollout
	err = json.Unmarshal([]byte(doc), &r)
	return r, err
}

// Save stores r whole, keyed by its user and id.
func (s *Store) Save(ctx context.Context, r Rollout) error {
	doc, err := json.Marshal(r)
	if err != nil {
		return err
	}
	row := rolloutRow{
		Entity: aztables.Entity{
			PartitionKey: r.User, // S
			RowKey:       r.ID,   // L: TL201
		},
		Document: string(doc), // L: TL122
	}
	b, err := json.Marshal(row)
	if err != nil {
		return err
	}
	_, err = s.table("Deployments").UpsertEntity(ctx, b, nil)
	return err
}

// Record appends one history line for r.
func (s *Store) Record(ctx context.Context, r Rollout) error {
	lab, err := json.Marshal(r.Lab)
	if err != nil {
		return err
	}
	line := changeRow{
		PartitionKey: r.User,        // S
		RowKey:       randomKey(64), // S
		Workspace:    r.Workspace,
		User:         r.User,
		Subscription: r.Subscription,
		Status:       r.Status,
		AutoDelete:   r.AutoDelete,
		LifespanSecs: r.LifespanSecs, // S
		DeleteAtUnix: r.DeleteAtUnix, // S
		LabJSON:      string(lab),    // L: TL122
	}
	b, err := json.Marshal(line)
	if err != nil {
		return err
	}
	_, err = s.table("DeploymentOperations").UpsertEntity(ctx, b, nil)
	return err
}

// Drop deletes the rollout of user in workspace and subscription.
func (s *Store) Drop(ctx context.Context, user, workspace, subscription string) error {
	_, err := s.table("Deployments").DeleteEntity(ctx, user, user+"-"+workspace+"-"+subscription, nil) // L: TL201
	return err
}
