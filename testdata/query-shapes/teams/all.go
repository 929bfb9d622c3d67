// Package teams: a generic helper that reads a whole table, used for
// every small table of the app.
package teams

import (
	"context"
	"encoding/json"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

type Team struct{ Name string }
type Invite struct{ Code string }

func readAll[T any](ctx context.Context, c *aztables.Client) ([]T, error) {
	pager := c.NewListEntitiesPager(nil)
	var out []T
	for pager.More() {
		page, err := pager.NextPage(ctx)
		if err != nil {
			return nil, err
		}
		for _, raw := range page.Entities {
			var v T
			if err := json.Unmarshal(raw, &v); err != nil {
				return nil, err
			}
			out = append(out, v)
		}
	}
	return out, nil
}

func Export(ctx context.Context, teams, invites *aztables.Client) {
	readAll[Team](ctx, teams)
	readAll[Invite](ctx, invites)
}
