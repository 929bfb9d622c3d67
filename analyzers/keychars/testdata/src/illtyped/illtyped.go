// Package illtyped has a type error (an import that does not resolve):
// its well-typed functions are analysed, its ill-typed ones are not
// followed.
package illtyped

import (
	"context"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"

	pb "example.com/not/generated/pb"
)

func get(ctx context.Context, c *aztables.Client, id string) error {
	_, err := c.GetEntity(ctx, "a#b", id, nil) // want `TL201: PartitionKey "a#b" contains "#"`
	return err
}

// keyFromPB is ill-typed: what it returns is not guessed ("#" is not
// known to reach the key).
func keyFromPB() string { return pb.Key + "#" }

func getPB(ctx context.Context, c *aztables.Client) error {
	_, err := c.GetEntity(ctx, keyFromPB(), "r", nil)
	return err
}
