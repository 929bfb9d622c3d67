// Package rowstorec recreates, in new words, a thin table wrapper behind a
// storage interface: a token-credential client per table, a partition
// listing whose key is stripped to letters and digits, a point read that
// maps 404 to "nothing", and an insert of bytes the caller has marshalled.
package rowstorec

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"regexp"

	"github.com/Azure/azure-sdk-for-go/sdk/azcore"
	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

// Store is what the application sees.
type Store interface {
	Partition(ctx context.Context, pk string) ([][]byte, error)
	Row(ctx context.Context, pk, rk string) ([]byte, error)
	Put(ctx context.Context, pk, rk string, doc []byte) error
}

var notAlnum = regexp.MustCompile(`[^a-zA-Z0-9]+`)

func alnumOnly(s string) string { return notAlnum.ReplaceAllString(s, "") }

type tableStore struct {
	tc *aztables.Client
}

// Open builds a client for one table of the account with a token credential.
func Open(account, table string, cred azcore.TokenCredential) (Store, error) {
	if account == "" || table == "" {
		return nil, errors.New("rowstorec: account and table are required")
	}
	url := fmt.Sprintf("https://%s.table.core.windows.net/%s", account, table)
	tc, err := aztables.NewClient(url, cred, nil) // S
	if err != nil {
		return nil, fmt.Errorf("rowstorec: client: %w", err)
	}
	return &tableStore{tc: tc}, nil
}

func (s *tableStore) Partition(ctx context.Context, pk string) ([][]byte, error) {
	if ctx == nil {
		ctx = context.Background()
	}
	f := fmt.Sprintf("PartitionKey eq %s", alnumOnly(pk))
	pager := s.tc.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &f})
	var out [][]byte
	for pager.More() {
		page, err := pager.NextPage(ctx) // S
		if err != nil {
			return out, fmt.Errorf("rowstorec: list: %w", err)
		}
		out = append(out, page.Entities...)
	}
	return out, nil
}

func (s *tableStore) Row(ctx context.Context, pk, rk string) ([]byte, error) {
	if ctx == nil {
		ctx = context.Background()
	}
	resp, err := s.tc.GetEntity(ctx, pk, rk, nil) // S
	if err != nil {
		var re *azcore.ResponseError
		if errors.As(err, &re) && re.StatusCode == http.StatusNotFound {
			return nil, nil
		}
		return nil, fmt.Errorf("rowstorec: get: %w", err)
	}
	return resp.Value, nil
}

// Put inserts doc; pk and rk are not used, the keys are inside doc.
func (s *tableStore) Put(ctx context.Context, pk, rk string, doc []byte) error {
	if ctx == nil {
		ctx = context.Background()
	}
	if _, err := s.tc.AddEntity(ctx, doc, nil); err != nil { // S
		return fmt.Errorf("rowstorec: add: %w", err)
	}
	return nil
}
