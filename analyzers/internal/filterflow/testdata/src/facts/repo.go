package facts

import (
	"context"
	"fmt"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
	"github.com/Azure/azure-sdk-for-go/storage"
)

type Repo struct {
	c *aztables.Client
	t *storage.Table
}

func (r *Repo) Find(ctx context.Context, filter string) { // want Find:`sink\(\{\$1\}\)`
	r.c.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &filter})
}

func (r *Repo) FindPtr(filter *string) { // want FindPtr:`sink\(\{\$0\}\)`
	r.c.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: filter})
}

func (r *Repo) ByDept(dept string, id int) { // want ByDept:`sink\(PartitionKey eq '\{\$0\}' and RowKey eq '\{\$1\}'\)`
	f := fmt.Sprintf("PartitionKey eq '%s' and RowKey eq '%06d'", dept, id)
	r.c.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &f})
}

// Where is a sink through Find.
func (r *Repo) Where(ctx context.Context, cond string) { // want Where:`sink\(PartitionKey eq 'p' and \(\{\$1\}\)\)`
	r.Find(ctx, "PartitionKey eq 'p' and ("+cond+")")
}

// Legacy is a sink through the legacy API.
func (r *Repo) Legacy(f string) { // want Legacy:`sink\(Name eq '\{\$0\}'\)`
	r.t.QueryEntities(30, storage.MinimalMetadata, &storage.QueryOptions{Filter: "Name eq '" + f + "'"})
}

// Local is not a sink: its filter does not depend on parameters.
func (r *Repo) Local(n int) {
	r.c.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: nil})
}

// Reassigned parameters are not followed.
func (r *Repo) Reassigned(f string) {
	f = "x" + f
	r.c.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &f})
}

// List runs options its callers build.
func List(ctx context.Context, c *aztables.Client, o *aztables.ListEntitiesOptions) { // want List:`sink\(\{options \$2\}\)`
	p := c.NewListEntitiesPager(o)
	for p.More() {
		p.NextPage(ctx)
	}
}

// Legacy runs legacy options its callers build.
func Legacy(t *storage.Table, o *storage.QueryOptions) { // want Legacy:`sink\(\{options \$1\}\)`
	t.QueryEntities(30, storage.MinimalMetadata, o)
}
