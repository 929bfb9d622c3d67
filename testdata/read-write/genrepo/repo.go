// Package genrepo is a generic table repository used for several entity
// types (shape of a Go 1.18+ data layer with a type parameter per table).
package genrepo

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/Azure/azure-sdk-for-go/sdk/azcore/to"
	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

// Repo reads and writes entities of type T.
type Repo[T any] struct {
	client *aztables.Client
}

// List runs the options it is given and decodes every entity.
func (r *Repo[T]) List(ctx context.Context, o *aztables.ListEntitiesOptions) ([]T, error) {
	pager := r.client.NewListEntitiesPager(o)
	var out []T
	for pager.More() {
		page, err := pager.NextPage(ctx)
		if err != nil {
			return nil, err
		}
		for _, raw := range page.Entities {
			var v T
			if err := json.Unmarshal(raw, &v); err != nil {
				return nil, err
			}
			out = append(out, v)
		}
	}
	return out, nil
}

// Save upserts an entity.
func (r *Repo[T]) Save(ctx context.Context, v T) error {
	b, err := json.Marshal(v)
	if err != nil {
		return err
	}
	_, err = r.client.UpsertEntity(ctx, b, nil)
	return err
}

// User is one account.
type User struct {
	aztables.Entity
	Email string `json:"Email"`
}

// Device is one registered device.
type Device struct {
	aztables.Entity
	Model string `json:"Model"`
}

// Users is the account table.
var Users = &Repo[User]{}

// Devices is the device table.
var Devices = &Repo[Device]{}

// Export dumps every account for the nightly backup.
func Export(ctx context.Context) ([]User, error) {
	return Users.List(ctx, nil) // L: TL301
}

// TenantDevices lists a tenant's devices; the tenant comes from a claim.
func TenantDevices(ctx context.Context, tenant string) ([]Device, error) {
	return Devices.List(ctx, &aztables.ListEntitiesOptions{Filter: to.Ptr(fmt.Sprintf("PartitionKey eq '%s'", tenant))}) // L: TL321
}

// ByModel lists the devices of one model number.
func ByModel(ctx context.Context, model int) ([]Device, error) {
	return Devices.List(ctx, &aztables.ListEntitiesOptions{Filter: to.Ptr(fmt.Sprintf("Model eq '%d'", model))}) // L: TL301
}

// Register saves a device under its tenant.
func Register(ctx context.Context, tenant, id, model string) error {
	return Devices.Save(ctx, Device{Entity: aztables.Entity{PartitionKey: tenant, RowKey: id}, Model: model}) // S
}
