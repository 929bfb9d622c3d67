// Package eventstore appends transactions of entries to a space/segment
// stream: the segment is the partition, the entry's sequence the RowKey.
package eventstore

import (
	"context"
	"encoding/json"
	"fmt"
)

import "github.com/Azure/azure-sdk-for-go/sdk/data/aztables"

// Entry is one entry of a transaction.
type Entry struct {
	Sequence uint64
	Value    []byte
}

type row struct {
	PartitionKey string
	RowKey       string
	Value        []byte
}

// Store is the table-backed stream store.
type Store struct {
	client *aztables.Client
}

func partition(space, segment string) string { return space + "_" + segment }

// Append writes every entry of one transaction, all in one partition.
// A transaction may carry any number of entries.
func (s *Store) Append(ctx context.Context, space, segment string, entries []Entry) error {
	rows := make([]row, len(entries))
	for i, e := range entries {
		rows[i] = row{
			PartitionKey: partition(space, segment), // S
			RowKey:       fmt.Sprintf("%016x", e.Sequence),
			Value:        e.Value,
		}
	}
	return s.writeBatch(ctx, rows)
}

func (s *Store) writeBatch(ctx context.Context, rows []row) error {
	if len(rows) == 0 {
		return nil
	}
	actions := make([]aztables.TransactionAction, len(rows))
	for i := range rows {
		b, err := json.Marshal(rows[i])
		if err != nil {
			return err
		}
		actions[i] = aztables.TransactionAction{ActionType: aztables.TransactionTypeInsertReplace, Entity: b}
	}
	_, err := s.client.SubmitTransaction(ctx, actions, nil) // L: TL401
	if err != nil && err.Error() != "unexpected EOF" {
		return fmt.Errorf("batch write failed: %w", err)
	}
	return nil
}
