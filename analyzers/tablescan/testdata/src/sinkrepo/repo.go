package sinkrepo

import (
	"context"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

type Repo struct{ c *aztables.Client }

// Find runs whatever filter the service layer builds.
func (r *Repo) Find(ctx context.Context, filter string) {
	r.c.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &filter})
}

// FindPtr takes the filter as a pointer; nil means everything.
func (r *Repo) FindPtr(filter *string) {
	r.c.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: filter})
}

// ByDept is checked here: the parameter stands only for a literal value.
func (r *Repo) ByDept(dept string) {
	f := "PartitionKey eq '" + dept + "' and Active eq true"
	r.c.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &f})
}

// Where adds a condition to a partition query.
func (r *Repo) Where(ctx context.Context, cond string) {
	r.Find(ctx, "PartitionKey eq 'p' and ("+cond+")")
}
