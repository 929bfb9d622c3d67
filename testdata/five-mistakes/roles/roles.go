// Package roles looks up a resource by name through an ARM list with an
// OData $filter (not a Table query).
package roles

import (
	"context"
	"fmt"

	"github.com/Azure/azure-sdk-for-go/sdk/resourcemanager/resources/armresources"
)

// Find returns the first resource whose name matches.
func Find(ctx context.Context, c *armresources.Client, name string) (string, error) {
	p := c.NewListPager(&armresources.ClientListOptions{Filter: ptr(fmt.Sprintf("name eq '%s'", name))}) // S
	for p.More() {
		page, err := p.NextPage(ctx)
		if err != nil {
			return "", err
		}
		if len(page.Value) > 0 {
			return page.Value[0], nil
		}
	}
	return "", fmt.Errorf("%s not found", name)
}

func ptr[T any](v T) *T { return &v }
