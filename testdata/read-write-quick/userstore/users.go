// Package userstore keeps login accounts in a table keyed by user name.
package userstore

import (
	"context"
	"encoding/json"
	"errors"

	"github.com/Azure/azure-sdk-for-go/sdk/azcore"
	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

// Store is a user table.
type Store struct{ tbl *aztables.Client }

type account struct {
	aztables.Entity
	Secret string
	Roles  string
}

// Count walks every row to count the users, keys only.
func (s *Store) Count(ctx context.Context) (int, error) {
	sel := "PartitionKey"
	p := s.tbl.NewListEntitiesPager(&aztables.ListEntitiesOptions{Select: &sel}) // L: TL301
	n := 0
	for p.More() {
		page, err := p.NextPage(ctx)
		if err != nil {
			return n, err
		}
		n += len(page.Entities)
	}
	return n, nil
}

// Get reads one user by its keys.
func (s *Store) Get(ctx context.Context, name string) (*account, error) {
	r, err := s.tbl.GetEntity(ctx, "users", name, nil) // S
	if err != nil {
		return nil, err
	}
	var a account
	return &a, json.Unmarshal(r.Value, &a)
}

// Add inserts a new user; it fails when the name is taken.
func (s *Store) Add(ctx context.Context, name, secret string) error {
	b, _ := json.Marshal(account{Entity: aztables.Entity{PartitionKey: "users", RowKey: name}, Secret: secret})
	_, err := s.tbl.AddEntity(ctx, b, nil) // S
	return err
}

// SetRoles changes a user's roles: read, change, write back with no ETag.
func (s *Store) SetRoles(ctx context.Context, name, roles string) error {
	r, err := s.tbl.GetEntity(ctx, "users", name, nil)
	if err != nil {
		return err
	}
	var a account
	if err := json.Unmarshal(r.Value, &a); err != nil {
		return err
	}
	a.Roles = roles
	b, _ := json.Marshal(a)
	_, err = s.tbl.UpdateEntity(ctx, b, &aztables.UpdateEntityOptions{UpdateMode: aztables.UpdateModeMerge}) // L: TL414
	return err
}

// SetSecret is the same change done right: the read's ETag is sent.
func (s *Store) SetSecret(ctx context.Context, name, secret string) error {
	r, err := s.tbl.GetEntity(ctx, "users", name, nil)
	if err != nil {
		return err
	}
	var a account
	if err := json.Unmarshal(r.Value, &a); err != nil {
		return err
	}
	a.Secret = secret
	b, _ := json.Marshal(a)
	_, err = s.tbl.UpdateEntity(ctx, b, &aztables.UpdateEntityOptions{IfMatch: &r.ETag, UpdateMode: aztables.UpdateModeMerge}) // S
	var re *azcore.ResponseError
	if errors.As(err, &re) {
		return err
	}
	return err
}
