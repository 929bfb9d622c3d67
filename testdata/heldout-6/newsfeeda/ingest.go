// Package newsfeeda is the storage half of a serverless news digest: an
// Azure Functions app polls feeds and keeps every headline as a row of an
// Azure Cosmos DB for Table table, numbered in the order it was seen.
package newsfeeda

import (
	"context"
	"encoding/json"
	"strconv"
	"time"

	"github.com/Azure/azure-sdk-for-go/sdk/azcore"
	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

// Headline is one parsed feed item.
type Headline struct {
	Title   string
	Summary string
	Posted  time.Time
}

// seen numbers the rows; it restarts at zero with every process.
var seen = 0

// NewsTable opens the digest's table on the account's endpoint.
func NewsTable(cred azcore.TokenCredential, endpoint, table string) (*aztables.Client, error) {
	svc, err := aztables.NewServiceClient(endpoint, cred, nil)
	if err != nil {
		return nil, err
	}
	return svc.NewClient(table), nil
}

// keep stores one headline under the next number.
func keep(ctx context.Context, t *aztables.Client, h Headline) error {
	e := aztables.EDMEntity{
		Entity: aztables.Entity{
			PartitionKey: "id",               // S
			RowKey:       strconv.Itoa(seen), // L: TL204
		},
		Properties: map[string]any{
			"Title":     h.Title,
			"Summary":   h.Summary,
			"Date":      aztables.EDMDateTime(h.Posted),
			"FetchedMs": time.Now().UnixMilli(), // L: TL125
		},
	}
	seen++
	b, err := json.Marshal(e)
	if err != nil {
		return err
	}
	_, err = t.UpsertEntity(ctx, b, nil)
	return err
}

// Poll stores every headline of one fetch, one request each.
func Poll(ctx context.Context, t *aztables.Client, items []Headline) error {
	for _, h := range items {
		if err := keep(ctx, t, h); err != nil { // S
			return err
		}
	}
	return nil
}
