// Package twofiles: two findings of different checks with one line
// number, each in its own file: both are reported.
package twofiles

import (
	"context"
	"encoding/json"
	"time"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

// stamp writes one row under the hour of the call.
func stamp(ctx context.Context, c *aztables.Client, id string) error {
	b, err := json.Marshal(aztables.Entity{
		RowKey: id,
		// The key below is on line 18, as booked.go's is.
		PartitionKey: time.Now().UTC().Format("2006010215"), // want `TL209: PartitionKey written by AddEntity comes only from time.Now\(\)`
	})
	if err != nil {
		return err
	}
	_, err = c.AddEntity(ctx, b, nil)
	return err
}
