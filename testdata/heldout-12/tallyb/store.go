// Package tallyb keeps per-owner counters and balances in one table through
// the legacy storage Table API: the shape of Azure/azure-sdk-for-go#466 (the
// legacy client gave no way to send a read's ETag with an update), rewritten.
package tallyb

import (
	"errors"
	"strings"

	"github.com/Azure/azure-sdk-for-go/storage"
)

const timeoutSec = 30

// Store is one table of tallies: PartitionKey is the owner, RowKey the
// counter's name.
type Store struct {
	tbl *storage.Table
}

// Open connects with an account name and key given at run time and makes
// sure the table exists.
func Open(account, key, table string) (*Store, error) {
	cli, err := storage.NewBasicClient(account, key) // S
	if err != nil {
		return nil, err
	}
	svc := cli.GetTableService()
	t := svc.GetTableReference(table)
	if err := t.Create(timeoutSec, storage.NoMetadata, nil); err != nil && !alreadyThere(err) {
		return nil, err
	}
	return &Store{tbl: t}, nil
}

func alreadyThere(err error) bool {
	return strings.Contains(err.Error(), "TableAlreadyExists")
}

// ErrMissing is returned when a counter row does not exist.
var ErrMissing = errors.New("tally: no such counter")

func asInt(v interface{}) int64 {
	switch n := v.(type) {
	case int64:
		return n
	case float64:
		return int64(n)
	case int32:
		return int64(n)
	}
	return 0
}
