// Package legacydeploy stores deployments per tenant with the legacy API.
package legacydeploy

import (
	"fmt"

	"github.com/Azure/azure-sdk-for-go/storage"
)

const tableName = "deployments"

// Repo holds the table service.
type Repo struct{ svc storage.TableServiceClient }

// All returns a tenant's deployments; only the first segment is read.
func (r *Repo) All(tenant string) ([]map[string]interface{}, error) {
	t := r.svc.GetTableReference(tableName)
	q := storage.QueryOptions{Filter: fmt.Sprintf("PartitionKey eq '%s'", tenant)} // L: TL321
	res, err := t.QueryEntities(30, storage.FullMetadata, &q)                      // L: TL307
	if err != nil {
		return nil, err
	}
	var out []map[string]interface{}
	for _, e := range res.Entities {
		out = append(out, e.Properties)
	}
	return out, nil
}

// Put inserts one deployment under its tenant.
func (r *Repo) Put(tenant, id string, props map[string]interface{}) error {
	t := r.svc.GetTableReference(tableName)
	e := t.GetEntityReference(tenant, id) // S
	e.Properties = props
	return e.Insert(storage.EmptyPayload, nil)
}

// One reads a deployment by its keys.
func (r *Repo) One(tenant, id string) (map[string]interface{}, error) {
	t := r.svc.GetTableReference(tableName)
	e := t.GetEntityReference(tenant, id)
	if err := e.Get(30, storage.FullMetadata, nil); err != nil { // S
		return nil, err
	}
	return e.Properties, nil
}
