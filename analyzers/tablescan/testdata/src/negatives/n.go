package negatives

import (
	"context"
	"fmt"
	"strings"

	"github.com/Azure/azure-sdk-for-go/sdk/azcore/to"
	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
	"github.com/Azure/azure-sdk-for-go/sdk/resourcemanager/resources/armresources"
)

// ARM list options carry an OData $filter that is not a table filter.
func arm(arm *armresources.Client) {
	arm.NewListPager(&armresources.ClientListOptions{Filter: to.Ptr("resourceType eq 'Microsoft.Storage/storageAccounts'")})
}

// ListTables filters select tables, not entities.
func listTables(sc *aztables.ServiceClient) {
	sc.NewListTablesPager(&aztables.ListTablesOptions{Filter: to.Ptr("TableName eq 'x'")})
	sc.NewListTablesPager(nil)
}

// A clause built separately and nested inside PartitionKey eq … and (…)
// is not a query of its own.
func nested(c *aztables.Client, dept string, names []string) {
	var clauses []string
	for _, n := range names {
		clauses = append(clauses, fmt.Sprintf("Name eq '%s'", strings.ReplaceAll(n, "'", "''")))
	}
	inner := "Status eq 'active' or Status eq 'new'"
	f := fmt.Sprintf("PartitionKey eq '%s' and (%s)", dept, inner)
	c.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &f})
	g := "PartitionKey eq 'p' and (" + strings.Join(clauses, " or ") + ")"
	c.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &g}) // the joined part is unknown: silent
}

// Integers in filters are parameters like any other value.
func integers(c *aztables.Client, age int) {
	c.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: to.Ptr(fmt.Sprintf("PartitionKey eq 'p' and RowKey eq '%d'", age))})
}

// Filters the analyzer cannot follow stay silent.
func unknown(ctx context.Context, c *aztables.Client, build func() string, opts *aztables.ListEntitiesOptions) {
	c.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: to.Ptr(build())})
	c.NewListEntitiesPager(opts)
	var f string
	if ctx != nil {
		f = "PartitionKey eq 'a'"
	} else {
		f = build()
	}
	c.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &f})
	o := &aztables.ListEntitiesOptions{}
	o.Filter = to.Ptr("A eq 1")
	o.Filter = to.Ptr("PartitionKey eq 'a'")
	c.NewListEntitiesPager(o)
}

// A look-alike type in another package is not the SDK.
type Client struct{}
type ListEntitiesOptions struct{ Filter *string }

func (Client) NewListEntitiesPager(*ListEntitiesOptions) {}

func lookalike(c Client) {
	c.NewListEntitiesPager(&ListEntitiesOptions{Filter: to.Ptr("Name eq 'x'")})
}
