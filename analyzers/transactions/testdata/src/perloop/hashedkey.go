package perloop

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

type Hit struct {
	URL  string
	Seen string
}

// urlKey hashes a URL into a partition key: the key still depends on
// the URL, so each URL has its own partition.
func urlKey(u string) string {
	sum := sha256.Sum256([]byte(u))
	return hex.EncodeToString(sum[:])
}

func hitAction(h Hit) aztables.TransactionAction {
	b, _ := json.Marshal(map[string]any{"PartitionKey": urlKey(h.URL), "RowKey": h.Seen})
	return aztables.TransactionAction{ActionType: aztables.TransactionTypeAdd, Entity: b}
}

// Every hit of the slice in one transaction: each URL hashes to its own
// partition.
func recordHits(ctx context.Context, c *aztables.Client, hits []Hit) error {
	acts := make([]aztables.TransactionAction, 0, 100)
	for _, h := range hits {
		acts = append(acts, hitAction(h))
	}
	_, err := c.SubmitTransaction(ctx, acts, nil) // want `TL401` `TL403: the loop on line 33 gives each action its own PartitionKey`
	return err
}

// The twin: the hash is of the site, fixed for the whole call: no
// TL403.
func siteAction(site, seen string) aztables.TransactionAction {
	b, _ := json.Marshal(map[string]any{"PartitionKey": urlKey(site), "RowKey": seen})
	return aztables.TransactionAction{ActionType: aztables.TransactionTypeAdd, Entity: b}
}

func recordSite(ctx context.Context, c *aztables.Client, site string, seen []string) error {
	acts := make([]aztables.TransactionAction, 0, 100)
	for _, s := range seen {
		acts = append(acts, siteAction(site, s))
	}
	_, err := c.SubmitTransaction(ctx, acts, nil) // want `TL401`
	return err
}
