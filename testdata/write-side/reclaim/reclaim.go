// Package reclaim deletes consumed rows of a transfer log in key-only
// batches of at most 100 deletes, falling back to single deletes.
package reclaim

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"

	"github.com/Azure/azure-sdk-for-go/sdk/azcore"
	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

const batchMax = 100

// Log is the receiving side of a transfer log.
type Log struct {
	rx         *aztables.Client
	next, end  int64
	singlesNow bool
}

func seqKey(seq int64) string { return fmt.Sprintf("%020d", seq) } // S

func keyOnly(pk, rk string) []byte {
	b, _ := json.Marshal(aztables.Entity{PartitionKey: pk, RowKey: rk})
	return b
}

// Cleanup deletes rows [next, end) that the reader has consumed.
func (l *Log) Cleanup(ctx context.Context) error {
	if l.singlesNow {
		return l.singles(ctx)
	}
	for l.next < l.end {
		stop := min(l.end, l.next+batchMax)
		actions := make([]aztables.TransactionAction, 0, stop-l.next)
		for seq := l.next; seq < stop; seq++ {
			actions = append(actions, aztables.TransactionAction{ActionType: aztables.TransactionTypeDelete, Entity: keyOnly("data", seqKey(seq))})
		}
		if _, err := l.rx.SubmitTransaction(ctx, actions, nil); err != nil { // S
			// One missing row fails the whole batch: go row by row next time.
			l.singlesNow = true
			return err
		}
		l.next = stop
	}
	return nil
}

func (l *Log) singles(ctx context.Context) error {
	for ; l.next < l.end; l.next++ {
		_, err := l.rx.DeleteEntity(ctx, "data", seqKey(l.next), nil) // S
		var re *azcore.ResponseError
		if err != nil && !(errors.As(err, &re) && re.StatusCode == http.StatusNotFound) {
			return err
		}
	}
	l.singlesNow = false
	return nil
}
