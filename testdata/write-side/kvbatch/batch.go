// Package kvbatch is the Azure Tables backend of a key/value interface
// with put/delete batches.
package kvbatch

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

// Op is a batch operation kind.
type Op int

// Operation kinds.
const (
	Put Op = iota
	Delete
)

// Key is a primary key.
type Key struct{ PartitionKey, RowKey string }

// Item is one batch operation.
type Item struct {
	Op    Op
	PK    Key
	Value []byte
}

// ErrInvalidOp is returned for an unknown operation.
var ErrInvalidOp = errors.New("kvbatch: invalid batch operation")

type entity struct {
	PartitionKey string
	RowKey       string
	Value        []byte
}

type store struct {
	client *aztables.Client
}

func (s *store) actions(items []Item) ([]aztables.TransactionAction, error) {
	var ops []aztables.TransactionAction
	for _, it := range items {
		var typ aztables.TransactionType
		switch it.Op {
		case Put:
			typ = aztables.TransactionTypeInsertReplace
		case Delete:
			typ = aztables.TransactionTypeDelete
		default:
			return nil, ErrInvalidOp
		}
		raw, err := json.Marshal(entity{PartitionKey: it.PK.PartitionKey, RowKey: it.PK.RowKey, Value: it.Value})
		if err != nil {
			return nil, fmt.Errorf("marshal failed: %w", err)
		}
		ops = append(ops, aztables.TransactionAction{ActionType: typ, Entity: raw})
	}
	return ops, nil
}

// Batch applies every item in one transaction, however many there are.
func (s *store) Batch(ctx context.Context, items []Item) error {
	ops, err := s.actions(items)
	if err != nil {
		return err
	}
	_, err = s.client.SubmitTransaction(ctx, ops, nil) // L: TL401
	return err
}

// BatchChunks applies the items in transactions of at most 100.
func (s *store) BatchChunks(ctx context.Context, items []Item) error {
	for start := 0; start < len(items); start += 100 {
		end := min(start+100, len(items))
		ops, err := s.actions(items[start:end])
		if err != nil {
			return err
		}
		if _, err := s.client.SubmitTransaction(ctx, ops, nil); err != nil { // S
			return err
		}
	}
	return nil
}
