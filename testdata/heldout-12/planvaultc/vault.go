// Package planvaultc keeps Terraform plans between a plan request and the
// apply request that follows it, possibly on another function instance.
package planvaultc

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"strings"
	"time"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

const planTable = "TerraformPlan"

// planRef names one stored plan.
type planRef struct {
	Partition string
	Row       string
}

// storedPlan is what an apply needs to run a plan made elsewhere.
type storedPlan struct {
	Plan          string
	Space         string
	Lock          string
	Configuration string
}

// openPlans connects with the function app's storage setting and makes sure
// the table is there.
func openPlans(ctx context.Context) (*aztables.Client, error) {
	svc, err := aztables.NewServiceClientFromConnectionString(os.Getenv("AzureWebJobsStorage"), nil) // S
	if err != nil {
		return nil, err
	}
	if _, err := svc.CreateTable(ctx, planTable, nil); err != nil {
		if !strings.Contains(err.Error(), "TableAlreadyExists") {
			return nil, err
		}
	}
	return svc.NewClient(planTable), nil
}

// keepPlan records a plan under the hashed server (partition) and a new id.
func keepPlan(ctx context.Context, id, serverHash, space string, plan, lock, config string) error {
	client, err := openPlans(ctx)
	if err != nil {
		return err
	}
	row := aztables.EDMEntity{
		Entity: aztables.Entity{
			PartitionKey: serverHash, // S
			RowKey:       id,         // S
		},
		Properties: map[string]any{
			"PlanBinary":    plan,   // L: TL122
			"SpaceId":       space,  // L: TL122
			"LockFile":      lock,   // L: TL122
			"Configuration": config, // L: TL122
		},
	}
	payload, err := json.Marshal(row)
	if err != nil {
		return err
	}
	_, err = client.AddEntity(ctx, payload, nil)
	return err
}

// loadPlan reads a plan back for an apply.
func loadPlan(ctx context.Context, serverHash, planID string) (storedPlan, error) {
	client, err := openPlans(ctx)
	if err != nil {
		return storedPlan{}, err
	}
	got, err := client.GetEntity(ctx, serverHash, planID, nil) // L: TL201
	if err != nil {
		return storedPlan{}, err
	}
	var row aztables.EDMEntity
	if err := json.Unmarshal(got.Value, &row); err != nil {
		return storedPlan{}, err
	}
	text := func(name string) string {
		if s, ok := row.Properties[name].(string); ok {
			return s
		}
		return ""
	}
	p := storedPlan{Plan: text("PlanBinary"), Space: text("SpaceId"), Lock: text("LockFile"), Configuration: text("Configuration")}
	if p.Plan == "" || p.Space == "" {
		return storedPlan{}, errors.New("stored plan is missing its binary or space")
	}
	return p, nil
}

// dropPlan removes one plan; the apply and the sweep both use it.
func dropPlan(ctx context.Context, ref planRef) error {
	client, err := openPlans(ctx)
	if err != nil {
		return err
	}
	_, err = client.DeleteEntity(ctx, ref.Partition, ref.Row, nil) // L: TL201
	return err
}

// stalePlans lists the plans last written more than the given minutes ago.
func stalePlans(ctx context.Context, minutes int) ([]planRef, error) {
	client, err := openPlans(ctx)
	if err != nil {
		return nil, err
	}
	cutoff := time.Now().Add(-time.Duration(minutes) * time.Minute)
	filter := fmt.Sprintf("Timestamp lt datetime'%s'", cutoff.UTC().Format("2006-01-02T15:04:05Z")) // S
	pager := client.NewListEntitiesPager(&aztables.ListEntitiesOptions{
		Filter: &filter, // L: TL301
	})
	var refs []planRef
	for pager.More() {
		page, err := pager.NextPage(ctx) // S
		if err != nil {
			return nil, err
		}
		for _, raw := range page.Entities {
			var row aztables.EDMEntity
			if err := json.Unmarshal(raw, &row); err != nil {
				continue
			}
			refs = append(refs, planRef{Partition: row.PartitionKey, Row: row.RowKey})
		}
	}
	return refs, nil
}

// sweepPlans deletes stale plans, carrying on past failures.
func sweepPlans(ctx context.Context) error {
	refs, err := stalePlans(ctx, 5)
	if err != nil {
		return err
	}
	var failed []error
	for _, ref := range refs {
		if err := dropPlan(ctx, ref); err != nil { // S
			failed = append(failed, err)
		}
	}
	return errors.Join(failed...)
}
