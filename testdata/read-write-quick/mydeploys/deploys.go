// Package mydeploys lists a user's deployments from a per-user partition.
package mydeploys

import (
	"context"
	"encoding/json"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
	"github.com/google/uuid"
)

// Deployment is one record.
type Deployment struct {
	User, ID, Sub string
}

// Mine lists userID's deployments in subscription sub.
func Mine(ctx context.Context, svc *aztables.ServiceClient, userID, sub string) ([]Deployment, error) {
	c := svc.NewClient("Deployments")
	f := "PartitionKey eq '" + userID + "'" // L: TL321
	if sub != "" {
		f += " and Subscription eq '" + sub + "'" // L: TL321
	}
	pg := c.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &f}) // L: TL303
	var out []Deployment
	for pg.More() {
		resp, err := pg.NextPage(ctx)
		if err != nil {
			return nil, err
		}
		for _, raw := range resp.Entities {
			var e aztables.EDMEntity
			if err := json.Unmarshal(raw, &e); err != nil {
				return nil, err
			}
			out = append(out, Deployment{User: e.PartitionKey, ID: e.RowKey})
		}
	}
	return out, nil
}

// ByRun finds a deployment by its run id, which is a UUID.
func ByRun(ctx context.Context, c *aztables.Client, user string, run uuid.UUID) ([]byte, error) {
	f := "PartitionKey eq 'u' and Run eq '" + run.String() + "'"            // S
	pg := c.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &f}) // L: TL303
	for pg.More() {
		resp, err := pg.NextPage(ctx)
		if err != nil {
			return nil, err
		}
		if len(resp.Entities) > 0 {
			return resp.Entities[0], nil
		}
	}
	return nil, nil
}
