// Package provision creates a deployment's tables and checks that each one
// answers a query.
package provision

import (
	"context"
	"fmt"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

// Reachable queries each table once; the rows are not used.
func Reachable(ctx context.Context, svc *aztables.ServiceClient, tables []string) error {
	for _, name := range tables {
		p := svc.NewClient(name).NewListEntitiesPager(nil) // L: TL301
		if _, err := p.NextPage(ctx); err != nil {         // S
			return fmt.Errorf("table %s: %w", name, err)
		}
	}
	return nil
}
