// Package repo: a duty roster repository that runs any filter its
// service layer gives it.
package repo

import (
	"context"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

type Duties struct{ svc *aztables.ServiceClient }

func (r *Duties) All(ctx context.Context, filter string) (int, error) {
	c := r.svc.NewClient("duties")
	p := c.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &filter})
	n := 0
	for p.More() {
		page, err := p.NextPage(ctx)
		if err != nil {
			return n, err
		}
		n += len(page.Entities)
	}
	return n, nil
}
