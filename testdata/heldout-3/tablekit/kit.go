// Package tablekit is a small helper layer over aztables used by the rest
// of an app: a client per call from the environment, write, read one,
// read by filter, and a read-change-write helper.
package tablekit

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"time"

	"github.com/Azure/azure-sdk-for-go/sdk/azcore"
	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

// Connect returns a client for table, creating the table if needed.
func Connect(ctx context.Context, table string) (*aztables.Client, error) {
	svc, err := aztables.NewServiceClientFromConnectionString(os.Getenv("TABLES_CONNECTION"), nil)
	if err != nil {
		return nil, err
	}
	if _, err := svc.CreateTable(ctx, table, nil); err != nil {
		var re *azcore.ResponseError
		if !errors.As(err, &re) || re.StatusCode != 409 {
			return nil, fmt.Errorf("create table: %w", err)
		}
	}
	return svc.NewClient(table), nil
}

// Put adds an entity with the given properties.
func Put(ctx context.Context, table, pk, rk string, props map[string]any) error {
	tc, err := Connect(ctx, table)
	if err != nil {
		return err
	}
	e := aztables.EDMEntity{
		Entity:     aztables.Entity{PartitionKey: pk, RowKey: rk, Timestamp: aztables.EDMDateTime(time.Now())}, // L: TL128 TL201 TL201
		Properties: props,
	}
	b, err := json.Marshal(e)
	if err != nil {
		return err
	}
	_, err = tc.AddEntity(ctx, b, nil)
	return err
}

// One reads an entity.
func One(ctx context.Context, table, pk, rk string) (*aztables.EDMEntity, error) {
	tc, err := Connect(ctx, table)
	if err != nil {
		return nil, err
	}
	got, err := tc.GetEntity(ctx, pk, rk, nil)
	if err != nil {
		return nil, err
	}
	var e aztables.EDMEntity
	if err := json.Unmarshal(got.Value, &e); err != nil {
		return nil, err
	}
	return &e, nil
}

// Where reads every entity matching the filter the caller built.
func Where(ctx context.Context, table, filter string) ([]aztables.EDMEntity, error) {
	tc, err := Connect(ctx, table)
	if err != nil {
		return nil, err
	}
	pager := tc.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &filter})
	var out []aztables.EDMEntity
	for pager.More() {
		page, err := pager.NextPage(ctx)
		if err != nil {
			return nil, err
		}
		for _, raw := range page.Entities {
			var e aztables.EDMEntity
			if json.Unmarshal(raw, &e) == nil {
				out = append(out, e)
			}
		}
	}
	return out, nil
}

// Patch reads an entity, lets change edit its properties and merges it
// back; the read's ETag is not passed.
func Patch(ctx context.Context, table, pk, rk string, change func(map[string]any)) error {
	tc, err := Connect(ctx, table)
	if err != nil {
		return err
	}
	got, err := tc.GetEntity(ctx, pk, rk, nil)
	if err != nil {
		return err
	}
	var e aztables.EDMEntity
	if err := json.Unmarshal(got.Value, &e); err != nil {
		return err
	}
	change(e.Properties)
	b, _ := json.Marshal(e)
	_, err = tc.UpsertEntity(ctx, b, &aztables.UpsertEntityOptions{UpdateMode: aztables.UpdateModeMerge}) // L: TL414
	return err
}

// PatchIf is Patch under the read's ETag (added).
func PatchIf(ctx context.Context, table, pk, rk string, change func(map[string]any)) error {
	tc, err := Connect(ctx, table)
	if err != nil {
		return err
	}
	got, err := tc.GetEntity(ctx, pk, rk, nil)
	if err != nil {
		return err
	}
	var e aztables.EDMEntity
	if err := json.Unmarshal(got.Value, &e); err != nil {
		return err
	}
	change(e.Properties)
	b, _ := json.Marshal(e)
	_, err = tc.UpdateEntity(ctx, b, &aztables.UpdateEntityOptions{IfMatch: &got.ETag, UpdateMode: aztables.UpdateModeMerge}) // S
	return err
}
