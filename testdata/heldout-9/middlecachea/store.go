// Package middlecachea is a read-through cache in front of a JSON web
// service: answers are kept in process memory and, behind that, in one
// Azure table keyed by the cleaned request path and query.
package middlecachea

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/Azure/azure-sdk-for-go/sdk/azcore"
	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

// RowStore wraps the table client the gateway keeps its answers in.
type RowStore struct {
	account string
	rows    *aztables.Client
}

// OpenRowStore connects with the account name and key it is given (read
// from the environment by main) and makes sure the table exists.
func OpenRowStore(ctx context.Context, account, secret, table string) (*RowStore, error) {
	cred, err := aztables.NewSharedKeyCredential(account, secret)
	if err != nil {
		return nil, err
	}
	endpoint := fmt.Sprintf("https://%s.table.core.windows.net/", account)
	svc, err := aztables.NewServiceClientWithSharedKey(endpoint, cred, nil)
	if err != nil {
		return nil, err
	}
	rows := svc.NewClient(table)
	if _, err := rows.CreateTable(ctx, nil); err != nil {
		var re *azcore.ResponseError
		if !errors.As(err, &re) || re.StatusCode != 409 {
			return nil, err
		}
	}
	return &RowStore{account: account, rows: rows}, nil
}

// Save inserts a new row made of the two keys and the properties given.
func (s *RowStore) Save(ctx context.Context, part, row string, props map[string]any) error {
	e := aztables.EDMEntity{
		Entity:     aztables.Entity{PartitionKey: part, RowKey: row}, // S
		Properties: props,
	}
	b, err := json.Marshal(e)
	if err != nil {
		return err
	}
	_, err = s.rows.AddEntity(ctx, b, nil)
	return err
}

// Fetch reads one row by its keys.
func (s *RowStore) Fetch(ctx context.Context, part, row string) (*aztables.EDMEntity, error) {
	resp, err := s.rows.GetEntity(ctx, part, row, nil) // S
	if err != nil {
		return nil, err
	}
	var e aztables.EDMEntity
	if err := json.Unmarshal(resp.Value, &e); err != nil {
		return nil, err
	}
	return &e, nil
}

// Remove deletes one row by its keys.
func (s *RowStore) Remove(ctx context.Context, part, row string) error {
	_, err := s.rows.DeleteEntity(ctx, part, row, nil) // L: TL201
	return err
}
