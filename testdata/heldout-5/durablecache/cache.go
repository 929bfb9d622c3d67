// Package durablecache keeps a second-level cache in a table so that a
// function instance started cold still finds what another one looked up.
// Every failure is a miss: callers never see an error.
package durablecache

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"os"
	"sync"
	"time"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

const callTimeout = 2 * time.Second

var (
	svcOnce sync.Once
	svc     *aztables.ServiceClient
	mu      sync.Mutex
	byTable = map[string]*aztables.Client{}
)

type row struct {
	PartitionKey string
	RowKey       string
	Natural      string
	Payload      string
	ExpiresAt    int64
	LastHitMs    int64
}

func service() *aztables.ServiceClient {
	svcOnce.Do(func() {
		cs := os.Getenv("AzureWebJobsStorage")
		if cs == "" {
			return
		}
		svc, _ = aztables.NewServiceClientFromConnectionString(cs, nil)
	})
	return svc
}

func table(name string) *aztables.Client {
	mu.Lock()
	defer mu.Unlock()
	if c, ok := byTable[name]; ok {
		return c
	}
	s := service()
	if s == nil {
		return nil
	}
	c := s.NewClient(name)
	byTable[name] = c
	return c
}

// digest turns any natural key (a URL, a host, an address) into hex.
func digest(natural string) string {
	sum := sha256.Sum256([]byte(natural))
	return hex.EncodeToString(sum[:])
}

// Lookup returns the cached value for key in partition, if fresh.
func Lookup[T any](ctx context.Context, tableName, partition, key string) (T, bool) {
	var zero T
	c := table(tableName)
	if c == nil {
		return zero, false
	}
	ctx, cancel := context.WithTimeout(ctx, callTimeout)
	defer cancel()
	resp, err := c.GetEntity(ctx, partition, digest(key), nil) // S
	if err != nil {
		return zero, false
	}
	var r row
	if json.Unmarshal(resp.Value, &r) != nil || (r.ExpiresAt != 0 && time.Now().Unix() > r.ExpiresAt) {
		return zero, false
	}
	var v T
	if json.Unmarshal([]byte(r.Payload), &v) != nil {
		return zero, false
	}
	return v, true
}

// Store keeps value under key for ttl (forever when ttl <= 0).
func Store[T any](ctx context.Context, tableName, partition, key string, value T, ttl time.Duration) {
	c := table(tableName)
	if c == nil {
		return
	}
	payload, err := json.Marshal(value)
	if err != nil {
		return
	}
	r := row{
		PartitionKey: partition,
		RowKey:       digest(key), // S
		Natural:      key,
		Payload:      string(payload),
		LastHitMs:    time.Now().UnixMilli(), // L: TL125
	}
	if ttl > 0 {
		r.ExpiresAt = time.Now().Add(ttl).Unix()
	}
	b, err := json.Marshal(r)
	if err != nil {
		return
	}
	ctx, cancel := context.WithTimeout(ctx, callTimeout)
	defer cancel()
	_, _ = c.UpsertEntity(ctx, b, nil)
}
