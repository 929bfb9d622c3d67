package given

import (
	"context"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

// Groups the package caps, and groups of the same type a caller hands
// in: those bound nothing, so no group of that type is capped.

type row struct{ doc []byte }

type client struct{ c *aztables.Client }

func (k *client) send(ctx context.Context, groups [][]row) error {
	for _, grp := range groups {
		if err := k.put(ctx, grp); err != nil {
			return err
		}
	}
	return nil
}

func (k *client) put(ctx context.Context, grp []row) error {
	acts := make([]aztables.TransactionAction, 0, len(grp))
	for _, r := range grp {
		acts = append(acts, aztables.TransactionAction{ActionType: aztables.TransactionTypeAdd, Entity: r.doc})
	}
	_, err := k.c.SubmitTransaction(ctx, acts, nil) // want `one action per element of grp`
	return err
}

// Split caps its groups at 100.
func (k *client) Split(ctx context.Context, rs []row) error {
	var groups [][]row
	for _, r := range rs {
		if len(groups) == 0 || len(groups[len(groups)-1]) >= 100 {
			groups = append(groups, nil)
		}
		groups[len(groups)-1] = append(groups[len(groups)-1], r)
	}
	return k.send(ctx, groups)
}

// Forward passes on whatever groups it is given.
func (k *client) Forward(ctx context.Context, groups [][]row) error {
	return k.send(ctx, groups)
}
