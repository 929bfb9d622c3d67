// Package msgcount keeps chat messages in one table per deployment and
// counts them for a dashboard (shape of a message-store service).
package msgcount

import (
	"context"
	"fmt"
	"strings"

	"github.com/Azure/azure-sdk-for-go/sdk/azcore/to"
	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

// Store reads the messages table.
type Store struct {
	client *aztables.Client
}

// Count pages over every message, asking only for the keys.
func (s *Store) Count(ctx context.Context) (int, error) {
	sel := "PartitionKey"
	none := aztables.MetadataFormat("application/json;odata=nometadata")
	pager := s.client.NewListEntitiesPager(&aztables.ListEntitiesOptions{Select: &sel, Format: &none}) // L: TL301
	n := 0
	for pager.More() {
		page, err := pager.NextPage(ctx)
		if err != nil {
			return n, err
		}
		n += len(page.Entities)
	}
	return n, nil
}

// Thread lists one conversation, oldest first.
func (s *Store) Thread(ctx context.Context, conversation string) ([][]byte, error) {
	safe := strings.ReplaceAll(conversation, "'", "''")
	pager := s.client.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: to.Ptr("PartitionKey eq '" + safe + "'")}) // S
	var out [][]byte
	for pager.More() {
		page, err := pager.NextPage(ctx)
		if err != nil {
			return nil, err
		}
		out = append(out, page.Entities...)
	}
	return out, nil
}

// Message reads one message by its id, which the API takes from the URL.
func (s *Store) Message(ctx context.Context, conversation, id string) ([]byte, error) {
	f := fmt.Sprintf("PartitionKey eq '%s' and RowKey eq '%s'", strings.ReplaceAll(conversation, "'", "''"), id) // L: TL321
	pager := s.client.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &f})                            // S
	for pager.More() {
		page, err := pager.NextPage(ctx)
		if err != nil {
			return nil, err
		}
		if len(page.Entities) > 0 {
			return page.Entities[0], nil
		}
	}
	return nil, nil
}
