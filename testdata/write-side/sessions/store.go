// Package sessions is the Azure Tables backend of an OAuth proxy's
// session and authorisation-code stores: a generic Store[T] per table.
package sessions

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"time"

	"github.com/Azure/azure-sdk-for-go/sdk/azcore"
	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

// Config comes from flags and the environment.
type Config struct {
	Account, Key string
}

// AuthSession is an authorisation in progress, stored as a row of its
// own: the scopes list is a JSON array, which the service cannot store.
type AuthSession struct {
	PartitionKey string
	RowKey       string
	ClientID     string
	RedirectURI  string
	Scopes       []string // L: TL126
	ExpiresAt    time.Time
}

// StoredCode is an issued authorisation code, used once.
type StoredCode struct {
	SessionID string
	Subject   string
	ExpiresAt time.Time // S
}

// ErrNotFound is returned for a missing or expired item.
var ErrNotFound = errors.New("sessions: not found")

// row holds an item serialised into one string property.
type row struct {
	PartitionKey string
	RowKey       string
	Data         string // S
}

// Store keeps items of one type in one table, each in its own partition.
type Store[T any] struct {
	client *aztables.Client
}

// Sessions is the session table.
type Sessions struct {
	client *aztables.Client
}

// Put stores a session.
func (s *Sessions) Put(ctx context.Context, id string, a AuthSession) error {
	a.PartitionKey, a.RowKey = id, id
	b, err := json.Marshal(a)
	if err != nil {
		return err
	}
	_, err = s.client.UpsertEntity(ctx, b, &aztables.UpsertEntityOptions{UpdateMode: aztables.UpdateModeReplace})
	return err
}

// NewStores connects both stores with the configured key.
func NewStores(cfg Config) (*Sessions, *Store[StoredCode], error) {
	cred, err := aztables.NewSharedKeyCredential(cfg.Account, cfg.Key) // S
	if err != nil {
		return nil, nil, fmt.Errorf("creating azure credential: %w", err)
	}
	url := fmt.Sprintf("https://%s.table.core.windows.net", cfg.Account)
	svc, err := aztables.NewServiceClientWithSharedKey(url, cred, nil)
	if err != nil {
		return nil, nil, err
	}
	return &Sessions{client: svc.NewClient("sessions")}, &Store[StoredCode]{client: svc.NewClient("codes")}, nil
}

// Put stores an item under a key.
func (s *Store[T]) Put(ctx context.Context, key string, item T) error {
	data, err := json.Marshal(item)
	if err != nil {
		return err
	}
	b, err := json.Marshal(row{PartitionKey: key, RowKey: key, Data: string(data)})
	if err != nil {
		return err
	}
	_, err = s.client.UpsertEntity(ctx, b, &aztables.UpsertEntityOptions{UpdateMode: aztables.UpdateModeReplace})
	return err
}

// Take reads an item and deletes it at the version read, so a code is
// redeemed once even if two requests race.
func (s *Store[T]) Take(ctx context.Context, key string) (T, error) {
	var zero T
	resp, err := s.client.GetEntity(ctx, key, key, nil)
	if err != nil {
		var re *azcore.ResponseError
		if errors.As(err, &re) && re.StatusCode == http.StatusNotFound {
			return zero, ErrNotFound
		}
		return zero, err
	}
	var r row
	if err := json.Unmarshal(resp.Value, &r); err != nil {
		return zero, err
	}
	var item T
	if err := json.Unmarshal([]byte(r.Data), &item); err != nil {
		return zero, err
	}
	if _, err := s.client.DeleteEntity(ctx, key, key, &aztables.DeleteEntityOptions{IfMatch: &resp.ETag}); err != nil { // S
		return zero, err
	}
	return item, nil
}
