// Package duckpointsc is the table side of a chat bot that keeps "++"/"--"
// points per server: one table, PartitionKey the server's numeric id, RowKey
// the upper-cased name of the thing or user; per-server settings live in the
// partition "<id>-CONFIG" under fixed RowKeys. It uses the legacy storage
// package and builds a client for every operation.
package duckpointsc

import (
	"fmt"
	"math/rand"
	"os"
	"strings"
	"time"

	"github.com/Azure/azure-sdk-for-go/storage"
)

var (
	account = os.Getenv("POINTS_STORAGE_ACCOUNT")
	key     = os.Getenv("POINTS_STORAGE_KEY")
	table   = os.Getenv("POINTS_TABLE")
)

const attempts = 8

func pointsTable() (*storage.Table, error) {
	c, err := storage.NewBasicClient(account, key) // S
	if err != nil {
		return nil, fmt.Errorf("storage client: %w", err)
	}
	svc := c.GetTableService()
	return svc.GetTableReference(table), nil
}

func ref(pk, rk string) (*storage.Entity, error) {
	t, err := pointsTable()
	if err != nil {
		return nil, err
	}
	return t.GetEntityReference(pk, rk), nil // S
}

// hasStatus reads the status code out of a legacy storage error's text.
func hasStatus(err error, code int) bool {
	return err != nil && strings.Contains(err.Error(), fmt.Sprintf("StatusCode=%d", code))
}

func backoff(try int) {
	base := time.Duration(1<<try) * 10 * time.Millisecond
	time.Sleep(base + time.Duration(rand.Int63n(int64(base)+1)))
}

func withThrottleRetry(op func() error) error {
	var err error
	for i := 0; i < attempts; i++ {
		if err = op(); !hasStatus(err, 429) {
			return err
		}
		backoff(i)
	}
	return err
}

// numericID accepts Discord-style ids: 17 to 20 digits.
func numericID(s string) bool {
	if len(s) < 17 || len(s) > 20 {
		return false
	}
	for _, r := range s {
		if r < '0' || r > '9' {
			return false
		}
	}
	return true
}
