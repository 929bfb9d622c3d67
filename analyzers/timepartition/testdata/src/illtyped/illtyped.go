// Package illtyped has a type error (an import that does not resolve):
// its well-typed functions are analysed, its ill-typed ones are not
// followed.
package illtyped

import (
	"context"
	"encoding/json"
	"time"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"

	pb "example.com/not/generated/pb"
)

func today(ctx context.Context, c *aztables.Client, id string) {
	pk := time.Now().Format("2006-01-02")
	b, _ := json.Marshal(map[string]any{"PartitionKey": pk, "RowKey": id}) // want `TL209: PartitionKey written by UpsertEntity comes only from time.Now\(\)`
	c.UpsertEntity(ctx, b, nil)
}

// The package-level variable's initializer is ill-typed: it is not
// followed (the key written is unknown, not the zero value).
var bucket = pb.Bucket(time.Now())

func fromVar(ctx context.Context, c *aztables.Client, id string) {
	b, _ := json.Marshal(map[string]any{"PartitionKey": bucket, "RowKey": id})
	c.UpsertEntity(ctx, b, nil)
}
