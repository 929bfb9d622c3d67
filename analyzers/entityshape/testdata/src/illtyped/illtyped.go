// Package illtyped has a type error (an import that does not resolve):
// its well-typed functions are analysed, its ill-typed ones are not
// followed.
package illtyped

import (
	"context"
	"encoding/json"
	"io"
	"net/http"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"

	pb "example.com/not/generated/pb"
)

type Document struct {
	PartitionKey, RowKey string
	Body                 string
}

func upload(ctx context.Context, c *aztables.Client, r *http.Request) error {
	body, err := io.ReadAll(r.Body)
	if err != nil {
		return err
	}
	doc := Document{PartitionKey: "docs", RowKey: "1", Body: string(body)} // want `TL122: property Body is filled from io.ReadAll\(r.Body\) with no length check`
	b, _ := json.Marshal(doc)
	_, err = c.AddEntity(ctx, b, nil)
	return err
}

// Ill-typed (pb): SSA does not follow it, but the property written
// here is certain from the syntax and its typed parts.
func uploadPB(ctx context.Context, c *aztables.Client, r *http.Request) error {
	body, _ := io.ReadAll(r.Body)
	doc := Document{PartitionKey: pb.Partition, RowKey: "1", Body: string(body)} // want `TL122: property Body is filled from io.ReadAll\(r.Body\) with no length check`
	b, _ := json.Marshal(doc)
	_, err := c.AddEntity(ctx, b, nil)
	return err
}
