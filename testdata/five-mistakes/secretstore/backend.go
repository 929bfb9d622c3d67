// Package secretstore is a secrets-engine storage backend on Azure Tables:
// one partition per namespace, the RowKey a hash of the path, the secret's
// bytes in one property.
package secretstore

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

// Entry is what the engine stores under a path.
type Entry struct {
	Key   string
	Value []byte
}

type row struct {
	PartitionKey string
	RowKey       string
	Value        []byte
	Path         string
}

// Backend stores entries.
type Backend struct {
	c       *aztables.Client
	retries int
}

func retry(n int, op func() error) error {
	var err error
	for i := 0; i <= n; i++ {
		if err = op(); err == nil {
			return nil
		}
	}
	return err
}

// partitionOf maps "ns/<id>/rest" to "secrets-<id>", everything else to "secrets".
func partitionOf(path string) string {
	if rest, ok := strings.CutPrefix(path, "ns/"); ok {
		if id, _, ok := strings.Cut(rest, "/"); ok && id != "" {
			return strings.ReplaceAll("secrets-"+id, "/", "+")
		}
	}
	return "secrets"
}

func hashOf(path string) string {
	sum := sha256.Sum256([]byte(path))
	return hex.EncodeToString(sum[:])
}

func esc(s string) string { return strings.ReplaceAll(s, "'", "''") }

// Put upserts an entry, retrying server errors.
func (b *Backend) Put(ctx context.Context, e *Entry) error {
	r := row{
		PartitionKey: partitionOf(e.Key),
		RowKey:       hashOf(e.Key),
		Value:        e.Value, // L: TL123
		Path:         e.Key,
	}
	body, err := json.Marshal(r)
	if err != nil {
		return err
	}
	return retry(b.retries, func() error {
		_, err := b.c.UpsertEntity(ctx, body, nil)
		return err
	})
}

// List returns the children of a prefix.
func (b *Backend) List(ctx context.Context, prefix string) ([]string, error) {
	filter := fmt.Sprintf("PartitionKey eq '%s'", partitionOf(prefix)) // L: TL321
	if prefix != "" {
		filter = fmt.Sprintf("%s and Path ge '%s' and Path lt '%s'", filter, esc(prefix), esc(prefix+"~")) // S
	}
	sel := "Path"
	p := b.c.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &filter, Select: &sel})
	var out []string
	for p.More() {
		page, err := p.NextPage(ctx)
		if err != nil {
			return nil, err
		}
		for _, raw := range page.Entities {
			var r row
			if json.Unmarshal(raw, &r) == nil {
				out = append(out, strings.TrimPrefix(r.Path, prefix))
			}
		}
	}
	return out, nil
}
