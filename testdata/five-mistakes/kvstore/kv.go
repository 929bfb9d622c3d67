// Package kvstore is a key/value service on Azure Tables: the store name is
// the partition, the key is the RowKey, the value a serialised document.
package kvstore

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

// Ref names one value.
type Ref struct{ Store, Key string }

// SetRequest carries a document to store.
type SetRequest struct {
	Ref     Ref
	Content map[string]any
}

// ScanRequest asks for the keys of a store that start with Prefix.
type ScanRequest struct {
	Store, Prefix string
}

type row struct {
	aztables.Entity
	Content aztables.EDMBinary
}

// Service implements the key/value API.
type Service struct {
	clientFor func(table string) (*aztables.Client, error)
}

// Set stores the document, serialised, in one binary property.
func (s *Service) Set(ctx context.Context, req *SetRequest) error {
	c, err := s.clientFor(req.Ref.Store)
	if err != nil {
		return err
	}
	content, err := json.Marshal(req.Content)
	if err != nil {
		return err
	}
	r := row{
		Entity:  aztables.Entity{PartitionKey: req.Ref.Store, RowKey: req.Ref.Key},
		Content: content, // L: TL123
	}
	b, err := json.Marshal(r)
	if err != nil {
		return err
	}
	_, err = c.UpsertEntity(ctx, b, &aztables.UpsertEntityOptions{UpdateMode: aztables.UpdateModeReplace})
	return err
}

// ScanKeys streams the keys of a store with a prefix.
func (s *Service) ScanKeys(ctx context.Context, req *ScanRequest, send func(string) error) error {
	c, err := s.clientFor(req.Store)
	if err != nil {
		return err
	}
	// "ge" serves as a prefix match on RowKey.
	f := fmt.Sprintf("PartitionKey eq '%s' and RowKey ge '%s'", req.Store, req.Prefix) // L: TL321 TL321
	p := c.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &f})
	for p.More() {
		page, err := p.NextPage(ctx)
		if err != nil {
			return err
		}
		for _, raw := range page.Entities {
			var r row
			if err := json.Unmarshal(raw, &r); err != nil {
				return err
			}
			if err := send(r.RowKey); err != nil {
				return err
			}
		}
	}
	return nil
}

// newClientFactory strips hyphens, which table names may not contain.
func newClientFactory(account string) func(string) (*aztables.Client, error) {
	return func(table string) (*aztables.Client, error) {
		name := strings.Replace(table, "-", "", -1)
		return aztables.NewClientWithNoCredential(fmt.Sprintf("https://%s.table.core.windows.net/%s", account, name), nil)
	}
}
