// Package alertstate remembers which chat message announced an alert, so the
// "resolved" notification can edit it: one row per alert, keyed by a hash of
// the alert's key.
package alertstate

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"time"

	"github.com/Azure/azure-sdk-for-go/sdk/azcore"
	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

type row struct {
	PartitionKey string
	RowKey       string
	AlertKey     string
	Channel      string
	MessageTS    string
	Condition    string
	FiredAt      string
	ResolvedAt   string
}

// Store wraps the table client.
type Store struct{ client *aztables.Client }

// Open builds a Store from a connection string.
func Open(conn, table string) (*Store, error) {
	svc, err := aztables.NewServiceClientFromConnectionString(conn, nil)
	if err != nil {
		return nil, fmt.Errorf("alertstate: %w", err)
	}
	return &Store{client: svc.NewClient(table)}, nil
}

func keysOf(alertKey string) (string, string) {
	sum := sha256.Sum256([]byte(alertKey))
	h := hex.EncodeToString(sum[:])
	return h[:2], h
}

func missing(err error) bool {
	var re *azcore.ResponseError
	return errors.As(err, &re) && re.StatusCode == http.StatusNotFound
}

// Put stores (or overwrites) the record of a freshly fired alert.
func (s *Store) Put(ctx context.Context, alertKey, channel, ts string) error {
	pk, rk := keysOf(alertKey)
	b, err := json.Marshal(row{PartitionKey: pk, RowKey: rk, AlertKey: alertKey, Channel: channel,
		MessageTS: ts, Condition: "Fired", FiredAt: time.Now().UTC().Format(time.RFC3339)})
	if err != nil {
		return err
	}
	_, err = s.client.UpsertEntity(ctx, b, nil)
	return err
}

// Resolve marks the alert resolved; the caller then edits the message.
func (s *Store) Resolve(ctx context.Context, alertKey string, at time.Time) (string, error) {
	pk, rk := keysOf(alertKey)
	resp, err := s.client.GetEntity(ctx, pk, rk, nil)
	if missing(err) {
		return "", nil
	}
	if err != nil {
		return "", err
	}
	var r row
	if err := json.Unmarshal(resp.Value, &r); err != nil {
		return "", err
	}
	r.Condition = "Resolved"
	r.ResolvedAt = at.UTC().Format(time.RFC3339)
	b, err := json.Marshal(r)
	if err != nil {
		return "", err
	}
	_, err = s.client.UpsertEntity(ctx, b, nil) // L: TL414
	return r.MessageTS, err
}

// Reopen is Resolve's opposite, conditional on the version it read.
func (s *Store) Reopen(ctx context.Context, alertKey string) error {
	pk, rk := keysOf(alertKey)
	resp, err := s.client.GetEntity(ctx, pk, rk, nil)
	if err != nil {
		return err
	}
	var r row
	if err := json.Unmarshal(resp.Value, &r); err != nil {
		return err
	}
	r.Condition, r.ResolvedAt = "Fired", ""
	b, err := json.Marshal(r)
	if err != nil {
		return err
	}
	_, err = s.client.UpdateEntity(ctx, b, &aztables.UpdateEntityOptions{IfMatch: &resp.ETag, UpdateMode: aztables.UpdateModeMerge}) // S
	return err
}

// Purge deletes the records not written since cutoff.
func (s *Store) Purge(ctx context.Context, cutoff time.Time) (int, error) {
	filter := fmt.Sprintf("Timestamp lt datetime'%s'", cutoff.UTC().Format(time.RFC3339))  // S
	pager := s.client.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &filter}) // L: TL301
	return s.deleteAll(ctx, pager.More, pager.NextPage)
}

// ForgetChannel deletes every record of a channel that was archived.
func (s *Store) ForgetChannel(ctx context.Context, channel string) (int, error) {
	filter := "Channel eq '" + channel + "'"                                               // L: TL321
	pager := s.client.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &filter}) // L: TL301 TL313
	n := 0
	for pager.More() {
		page, err := pager.NextPage(ctx)
		if err != nil {
			return n, err
		}
		for _, raw := range page.Entities {
			var r row
			if err := json.Unmarshal(raw, &r); err != nil {
				continue
			}
			if _, err := s.client.DeleteEntity(ctx, r.PartitionKey, r.RowKey, nil); err != nil {
				return n, err
			}
			n++
		}
	}
	return n, nil
}

func (s *Store) deleteAll(ctx context.Context, more func() bool,
	next func(context.Context) (aztables.ListEntitiesResponse, error)) (int, error) {
	n := 0
	for more() {
		page, err := next(ctx)
		if err != nil {
			return n, err
		}
		for _, raw := range page.Entities {
			var r row
			if json.Unmarshal(raw, &r) == nil {
				if _, err := s.client.DeleteEntity(ctx, r.PartitionKey, r.RowKey, nil); err != nil {
					return n, err
				}
				n++
			}
		}
	}
	return n, nil
}
