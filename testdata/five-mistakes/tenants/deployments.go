// Package tenants stores deployments per tenant (legacy storage API).
package tenants

import (
	"fmt"

	"github.com/Azure/azure-sdk-for-go/storage"
)

// Deployment is one deployment of a tenant.
type Deployment struct{ Tenant, ID, State string }

// Repo is the deployments repository.
type Repo struct{ svc storage.TableServiceClient }

// All lists a tenant's deployments.
func (r *Repo) All(tenant string) ([]Deployment, error) {
	tbl := r.svc.GetTableReference("deployments")
	q := storage.QueryOptions{Filter: fmt.Sprintf("PartitionKey eq '%s'", tenant)} // L: TL321
	res, err := tbl.QueryEntities(30, storage.FullMetadata, &q)                    // L: TL307
	if err != nil {
		return nil, err
	}
	out := make([]Deployment, 0, len(res.Entities))
	for _, e := range res.Entities {
		st, _ := e.Properties["State"].(string)
		out = append(out, Deployment{Tenant: e.PartitionKey, ID: e.RowKey, State: st})
	}
	return out, nil
}

// One reads a deployment by its keys.
func (r *Repo) One(tenant, id string) (*Deployment, error) {
	tbl := r.svc.GetTableReference("deployments")
	e := tbl.GetEntityReference(tenant, id)
	if err := e.Get(30, storage.FullMetadata, nil); err != nil {
		return nil, err
	}
	st, _ := e.Properties["State"].(string)
	return &Deployment{Tenant: tenant, ID: id, State: st}, nil
}
