// Package casedriver is a legal case tracker's table driver: every call
// runs inside an executor that retries transient failures, the ETag travels
// with each row, and the case service above it builds the filters.
package casedriver

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/Azure/azure-sdk-for-go/sdk/azcore"
	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

// row is a raw entity and its ETag.
type row struct {
	Value []byte
	ETag  string
}

type executor struct{ attempts int }

func (e executor) do(ctx context.Context, op func(context.Context) error) error {
	var err error
	for i := 0; i < e.attempts; i++ {
		attempt, cancel := context.WithTimeout(ctx, 10*time.Second)
		err = op(attempt)
		cancel()
		var re *azcore.ResponseError
		if err == nil || (errors.As(err, &re) && re.StatusCode < 500) {
			return err
		}
	}
	return err
}

type tableDriver struct {
	client *aztables.Client
	exec   executor
}

func (d *tableDriver) Get(ctx context.Context, pk, rk string) (r row, err error) {
	err = d.exec.do(ctx, func(attempt context.Context) error {
		resp, callErr := d.client.GetEntity(attempt, pk, rk, nil)
		if callErr == nil {
			r = row{Value: resp.Value, ETag: string(resp.ETag)}
		}
		return callErr
	})
	return r, err
}

func (d *tableDriver) Add(ctx context.Context, entity []byte) error {
	return d.exec.do(ctx, func(attempt context.Context) error {
		_, err := d.client.AddEntity(attempt, entity, nil)
		return err
	})
}

func (d *tableDriver) Update(ctx context.Context, entity []byte, etag string) error {
	return d.exec.do(ctx, func(attempt context.Context) error {
		match := azcore.ETag(etag)
		_, err := d.client.UpdateEntity(attempt, entity, &aztables.UpdateEntityOptions{IfMatch: &match, UpdateMode: aztables.UpdateModeReplace}) // S
		return err
	})
}

func (d *tableDriver) List(ctx context.Context, filter string, max int32) (rows []row, err error) {
	err = d.exec.do(ctx, func(attempt context.Context) error {
		rows = rows[:0]
		pager := d.client.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &filter, Top: &max})
		for pager.More() && len(rows) < int(max) {
			page, pageErr := pager.NextPage(attempt)
			if pageErr != nil {
				return pageErr
			}
			for _, v := range page.Entities {
				var meta struct {
					ETag string `json:"odata.etag"`
				}
				if err := json.Unmarshal(v, &meta); err != nil {
					return fmt.Errorf("decode ETag: %w", err)
				}
				rows = append(rows, row{Value: v, ETag: meta.ETag})
			}
		}
		return nil
	})
	return rows, err
}

// Probe checks that the table answers.
func (d *tableDriver) Probe(ctx context.Context) error {
	_, err := d.List(ctx, "PartitionKey eq '__readiness__'", 1) // S
	return err
}
