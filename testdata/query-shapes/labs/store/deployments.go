// Package store implements domain.DeploymentRepository on Azure Tables;
// the service layer never imports it.
package store

import (
	"context"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"

	"example.com/query-shapes/labs/domain"
)

type Deployments struct{ c *aztables.Client }

var _ domain.DeploymentRepository = (*Deployments)(nil)

func (d *Deployments) read(ctx context.Context, o *aztables.ListEntitiesOptions) ([]domain.Deployment, error) {
	var out []domain.Deployment
	p := d.c.NewListEntitiesPager(o)
	for p.More() {
		page, err := p.NextPage(ctx)
		if err != nil {
			return out, err
		}
		for range page.Entities {
			out = append(out, domain.Deployment{})
		}
	}
	return out, nil
}

// All is meant to read everything: an admin listing.
func (d *Deployments) All(ctx context.Context) ([]domain.Deployment, error) {
	return d.read(ctx, nil)
}

func (d *Deployments) ForUser(ctx context.Context, user string) ([]domain.Deployment, error) {
	f := "PartitionKey eq '" + user + "'"
	return d.read(ctx, &aztables.ListEntitiesOptions{Filter: &f})
}

func (d *Deployments) Find(ctx context.Context, filter string) ([]domain.Deployment, error) {
	return d.read(ctx, &aztables.ListEntitiesOptions{Filter: &filter})
}
