// Package recordsvc is a generic record service over one partition of a
// table: any JSON-encodable type is stored with the service's PartitionKey
// and an id as RowKey, and HTTP handlers expose it as a small REST API.
package recordsvc

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"

	"github.com/Azure/azure-sdk-for-go/sdk/azcore"
	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
	"github.com/google/uuid"
)

var (
	ErrMissing = errors.New("record not found")
	ErrDenied  = errors.New("access to the table denied")
)

// Service stores values of T in one partition.
type Service[T any] struct {
	client    *aztables.Client
	partition string
}

// New makes a service for a table client and a partition.
func New[T any](client *aztables.Client, partition string) *Service[T] {
	return &Service[T]{client: client, partition: partition}
}

// encode flattens v into a map and stamps the keys on it.
func (s *Service[T]) encode(id string, v T) ([]byte, error) {
	raw, err := json.Marshal(v)
	if err != nil {
		return nil, err
	}
	var flat map[string]any
	if err := json.Unmarshal(raw, &flat); err != nil {
		return nil, err
	}
	flat["PartitionKey"] = s.partition
	flat["RowKey"] = id // L: TL201
	return json.Marshal(flat)
}

// Create adds v under id, or under a fresh UUID when id is nil.
func (s *Service[T]) Create(ctx context.Context, v T, id *string) (string, error) {
	key := uuid.New().String()
	if id != nil {
		key = *id
	}
	b, err := s.encode(key, v)
	if err != nil {
		return "", err
	}
	if _, err := s.client.AddEntity(ctx, b, nil); err != nil {
		return "", classify(err)
	}
	return key, nil
}

// Get reads one record.
func (s *Service[T]) Get(ctx context.Context, id string) (T, error) {
	var out T
	resp, err := s.client.GetEntity(ctx, s.partition, id, nil) // L: TL201
	if err != nil {
		return out, classify(err)
	}
	err = json.Unmarshal(resp.Value, &out)
	return out, err
}

// Patch reads the record, lays the fields over it and writes it back.
func (s *Service[T]) Patch(ctx context.Context, id string, fields map[string]any) (T, error) {
	var out T
	cur, err := s.Get(ctx, id)
	if err != nil {
		return out, err
	}
	raw, _ := json.Marshal(cur)
	var flat map[string]any
	if err := json.Unmarshal(raw, &flat); err != nil {
		return out, err
	}
	for k, v := range fields {
		flat[k] = v
	}
	flat["PartitionKey"], flat["RowKey"] = s.partition, id
	b, err := json.Marshal(flat)
	if err != nil {
		return out, err
	}
	if _, err := s.client.UpdateEntity(ctx, b, nil); err != nil { // L: TL414
		return out, classify(err)
	}
	err = json.Unmarshal(b, &out)
	return out, err
}

// Remove deletes one record, unconditionally.
func (s *Service[T]) Remove(ctx context.Context, id string) error {
	_, err := s.client.DeleteEntity(ctx, s.partition, id, nil) // L: TL201
	return classify(err)
}

func classify(err error) error {
	if err == nil {
		return nil
	}
	var re *azcore.ResponseError
	if errors.As(err, &re) {
		switch re.StatusCode {
		case http.StatusNotFound:
			return fmt.Errorf("%w: %v", ErrMissing, err)
		case http.StatusUnauthorized, http.StatusForbidden:
			return fmt.Errorf("%w: %v", ErrDenied, err)
		}
	}
	return fmt.Errorf("table operation: %w", err)
}
