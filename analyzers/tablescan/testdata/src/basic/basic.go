package basic

import (
	"context"
	"fmt"

	"github.com/Azure/azure-sdk-for-go/sdk/azcore/to"
	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

const byName = "LastName eq 'Jones'"

func constants(ctx context.Context, c *aztables.Client) {
	c.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: to.Ptr(byName)})                                                     // want `TL301: query scans the whole table: no top-level PartitionKey eq`
	c.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: to.Ptr("PartitionKey eq 'Sales' and RowKey eq '1'")})                // point: silent
	c.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: to.Ptr("PartitionKey eq 'Sales' and RowKey ge 'a'")})                // range: silent
	c.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: to.Ptr("RowKey eq '1'")})                                            // want `TL301: query scans the whole table: RowKey alone is not indexed`
	c.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: to.Ptr("PartitionKey eq 'AVD' or RowKey eq 'Input'")})               // want `TL301: query scans the whole table: an or across partitions`
	c.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: to.Ptr("PartitionKey eq 'S' and (RowKey eq '1' or RowKey eq '2')")}) // want `TL304: query: an or over RowKey values is a partition scan`
	c.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: to.Ptr("PartitionKey eq 'S' and startswith(RowKey, 'a')")})          // want `TL306: query: the Table service does not support the function startswith`
	c.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: to.Ptr("PartitionKey eq 'a/b' and RowKey eq '1'")})                  // want `TL201: query: PartitionKey literal contains "/"`
}

func times(c *aztables.Client) {
	c.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: to.Ptr("PartitionKey eq 'S' and RowKey ge 'a' and At ge datetime'2020-01-01T00:00:00+02:00'")}) // want `TL131: query: At is compared with a time at offset \+02:00, not UTC`
	c.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: to.Ptr("PartitionKey eq 'S' and RowKey ge 'a' and At ge datetime'2020-01-01T00:00:00Z'")})      // UTC: silent
}

func empty(ctx context.Context, c *aztables.Client) {
	c.NewListEntitiesPager(nil)                                                   // want `TL301: query has no filter: it reads the whole table`
	c.NewListEntitiesPager(&aztables.ListEntitiesOptions{})                       // want `TL301: query has no filter`
	c.NewListEntitiesPager(&aztables.ListEntitiesOptions{Top: to.Ptr(int32(10))}) // want `TL301: query has no filter`
	c.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: to.Ptr("")})     // want `TL301: query has no filter`
}

func built(ctx context.Context, c *aztables.Client, dept string, id int) {
	filter := fmt.Sprintf("PartitionKey eq '%s' and RowKey eq '%06d'", dept, id)
	c.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &filter}) // point: silent

	f2 := "Department eq '" + dept + "'"
	c.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &f2}) // want `TL301: query scans the whole table: no top-level PartitionKey eq`

	opts := &aztables.ListEntitiesOptions{}
	opts.Filter = to.Ptr(fmt.Sprintf("Age gt %d", id)) // want `TL301: query scans the whole table`
	c.NewListEntitiesPager(opts)

	many := "PartitionKey eq 'p' and (RowKey eq '1' or RowKey eq '2' or RowKey eq '3' or RowKey eq '4' or RowKey eq '5' or RowKey eq '6' or RowKey eq '7' or RowKey eq '8' or RowKey eq '9' or RowKey eq '10' or RowKey eq '11' or RowKey eq '12' or RowKey eq '13' or RowKey eq '14' or RowKey eq '15')"
	c.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &many}) // want `TL322: query: filter has 16 comparisons` `TL304`
}

func helper(dept string) string { return "PartitionKey eq '" + dept + "'" }

func viaHelper(c *aztables.Client) {
	c.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: to.Ptr(helper("Sales") + " and Name eq 'x'")}) // partition scan: info only
	c.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: to.Ptr(helper("a#b"))})                        // want `TL201: query: PartitionKey literal contains "#"`
}
