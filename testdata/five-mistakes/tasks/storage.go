// Package tasks serves a to-do list API page by page: the client gets a
// continuation token and sends it back for the next page.
package tasks

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"strings"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

// Task is one to-do item.
type Task struct {
	ID, Title string
	Done      bool
}

// Storage holds the task table.
type Storage struct{ tasks *aztables.Client }

func encodeToken(pk, rk *string) string {
	if pk == nil || rk == nil {
		return ""
	}
	return base64.URLEncoding.EncodeToString([]byte(*pk + "\n" + *rk))
}

func decodeToken(tok string) (pk, rk *string, err error) {
	if tok == "" {
		return nil, nil, nil
	}
	b, err := base64.URLEncoding.DecodeString(tok)
	if err != nil {
		return nil, nil, err
	}
	p, r, _ := strings.Cut(string(b), "\n")
	return &p, &r, nil
}

// Page returns one page of a user's tasks and the token for the next one.
func (s *Storage) Page(ctx context.Context, userID, token string, size int32) ([]Task, string, error) {
	filter := "PartitionKey eq '" + userID + "'" // L: TL321
	npk, nrk, err := decodeToken(token)
	if err != nil {
		return nil, "", err
	}
	p := s.tasks.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &filter, Top: &size, NextPartitionKey: npk, NextRowKey: nrk})
	if !p.More() {
		return nil, "", nil
	}
	resp, err := p.NextPage(ctx) // S
	if err != nil {
		return nil, "", err
	}
	out := make([]Task, 0, len(resp.Entities))
	for _, raw := range resp.Entities {
		var t struct {
			RowKey, Title string
			Done          bool
		}
		if err := json.Unmarshal(raw, &t); err != nil {
			return nil, "", err
		}
		out = append(out, Task{ID: t.RowKey, Title: t.Title, Done: t.Done})
	}
	return out, encodeToken(resp.NextPartitionKey, resp.NextRowKey), nil
}
