// Package planlock serialises infrastructure plans per project with a lock
// row: inserting the row takes the lock, a conflict means someone holds it
// (shape of a CI tool's Azure lock back end).
package planlock

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"os"

	"github.com/Azure/azure-sdk-for-go/sdk/azcore"
	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

const lockTable = "planlocks"

// Locks is the lock table.
type Locks struct {
	table *aztables.Client
}

type lockRow struct {
	aztables.Entity
	PullRequest int32 `json:"PullRequest"`
}

// Open builds the client from a key or a connection string in the
// environment.
func Open(account string) (*Locks, error) {
	var svc *aztables.ServiceClient
	if key := os.Getenv("PLANLOCK_ACCOUNT_KEY"); key != "" {
		cred, err := aztables.NewSharedKeyCredential(account, key)
		if err != nil {
			return nil, err
		}
		svc, err = aztables.NewServiceClientWithSharedKey(fmt.Sprintf("https://%s.table.core.windows.net", account), cred, nil) // S
		if err != nil {
			return nil, err
		}
	}
	if cs := os.Getenv("PLANLOCK_CONNECTION_STRING"); cs != "" {
		var err error
		svc, err = aztables.NewServiceClientFromConnectionString(cs, nil) // S
		if err != nil {
			return nil, err
		}
	}
	if svc == nil {
		return nil, errors.New("planlock: no credentials")
	}
	return &Locks{table: svc.NewClient(lockTable)}, nil
}

// Lock takes the lock for a resource; false when another PR holds it.
func (l *Locks) Lock(ctx context.Context, resource string, pr int32) (bool, error) {
	b, err := json.Marshal(lockRow{Entity: aztables.Entity{PartitionKey: "lock", RowKey: resource}, PullRequest: pr}) // S
	if err != nil {
		return false, err
	}
	_, err = l.table.AddEntity(ctx, b, nil) // S
	var re *azcore.ResponseError
	if errors.As(err, &re) && re.StatusCode == http.StatusConflict {
		return false, nil
	}
	return err == nil, err
}

// Holder reads who holds the lock.
func (l *Locks) Holder(ctx context.Context, resource string) (int32, error) {
	resp, err := l.table.GetEntity(ctx, "lock", resource, nil) // S
	if err != nil {
		return 0, err
	}
	var r lockRow
	if err := json.Unmarshal(resp.Value, &r); err != nil {
		return 0, err
	}
	return r.PullRequest, nil
}

// Unlock releases the lock.
func (l *Locks) Unlock(ctx context.Context, resource string) error {
	_, err := l.table.DeleteEntity(ctx, "lock", resource, nil)
	return err
}
