package over

import (
	"github.com/Azure/azure-sdk-for-go/sdk/azcore/to"
	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
	"github.com/Azure/azure-sdk-for-go/storage"
)

const bigPage = 5000

func list(c *aztables.Client) {
	pager := c.NewListEntitiesPager(&aztables.ListEntitiesOptions{Top: to.Ptr(int32(5000))}) // want `TL309: \$top 5000 is over the page limit of 1000`
	_ = pager
}

func named(c *aztables.Client) {
	opts := &aztables.ListEntitiesOptions{}
	opts.Top = to.Ptr[int32](bigPage) // want `TL309: \$top 5000 is over the page limit of 1000`
	_ = c.NewListEntitiesPager(opts)
}

func viaVar(s *aztables.ServiceClient) {
	n := int32(2000)
	_ = s.NewListTablesPager(&aztables.ListTablesOptions{Top: &n}) // want `TL309: \$top 2000`
}

func legacy(t *storage.Table) {
	_, _ = t.QueryEntities(30, storage.FullMetadata, &storage.QueryOptions{Top: 1001}) // want `TL309: \$top 1001`
}
