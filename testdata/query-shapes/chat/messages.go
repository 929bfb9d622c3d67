// Package chat: a group-chat message store. Messages are partitioned by
// group; the caller pages backwards or forwards with a RowKey cursor.
package chat

import (
	"context"
	"fmt"
	"time"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
	"github.com/google/uuid"
)

type Store struct{ tbl *aztables.Client }

// Page lists a group's messages after or before a cursor.
func (s *Store) Page(ctx context.Context, group uuid.UUID, cursor string, older bool) (int, error) {
	f := fmt.Sprintf("PartitionKey eq '%s'", group)
	if cursor != "" {
		if older {
			f += " and RowKey lt '" + cursor + "'"
		} else {
			f += " and RowKey gt '" + cursor + "'"
		}
	}
	n := 0
	p := s.tbl.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &f})
	for p.More() {
		page, err := p.NextPage(ctx)
		if err != nil {
			return n, err
		}
		n += len(page.Entities)
	}
	return n, nil
}

// count reads every page of whatever query the caller describes.
func (s *Store) count(ctx context.Context, o *aztables.ListEntitiesOptions) (int, error) {
	n := 0
	p := s.tbl.NewListEntitiesPager(o)
	for p.More() {
		page, err := p.NextPage(ctx)
		if err != nil {
			return n, err
		}
		n += len(page.Entities)
	}
	return n, nil
}

// Unread counts a group's messages since a time: one partition.
func (s *Store) Unread(ctx context.Context, group uuid.UUID, since time.Time) (int, error) {
	f := fmt.Sprintf("PartitionKey eq '%s' and Timestamp gt datetime'%s'", group.String(), since.UTC().Format(time.RFC3339))
	sel := "PartitionKey"
	return s.count(ctx, &aztables.ListEntitiesOptions{Filter: &f, Select: &sel})
}

// Total counts every message of every group.
func (s *Store) Total(ctx context.Context) (int, error) {
	sel := "PartitionKey"
	return s.count(ctx, &aztables.ListEntitiesOptions{Select: &sel})
}
