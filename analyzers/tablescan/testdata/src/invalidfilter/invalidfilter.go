package invalidfilter

import (
	"fmt"

	"github.com/Azure/azure-sdk-for-go/sdk/azcore/to"
	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

// Filters the service rejects, written in the code: TL300 with explain's
// message.
func rejected(c *aztables.Client, dept string, min int) {
	c.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: to.Ptr("(PartitionKey eq 'Sales' and RowKey eq '1'")})                         // want `TL300: query: invalid filter: unexpected end of filter: missing '\)' to close this '\('`
	c.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: to.Ptr("PartitionKey eq 'Sales' and Amount gt 3000000000")})                   // want `TL300: query: invalid filter: Int32 literal 3000000000 is out of range; write 3000000000L for an Int64`
	c.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: to.Ptr("PartitionKey eq 'Sales' and When gt datetime'1500-01-01T00:00:00Z'")}) // want `TL300: query: datetime "1500-01-01T00:00:00Z" is outside the supported range`
	f := fmt.Sprintf("PartitionKey eq '%s' and (Amount gt %d", dept, min)
	c.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &f}) // want `TL300: query: invalid filter: unexpected end of filter`
	g := fmt.Sprintf("PartitionKey eq '%s' and Amount gt 3000000000", dept)
	c.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &g}) // want `TL300: query: invalid filter: Int32 literal 3000000000 is out of range`
}

// The twins: valid filters, and faults a run-time value could mend or
// cause.
func accepted(c *aztables.Client, dept, clause, when string) {
	c.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: to.Ptr("(PartitionKey eq 'Sales') and (RowKey eq '1')")})                                        // balanced: silent
	c.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: to.Ptr("PartitionKey eq 'Sales' and RowKey eq '1' and Amount gt 3000000000L")})                  // Int64: silent
	c.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: to.Ptr("PartitionKey eq 'Sales' and RowKey eq '1' and When gt datetime'1601-01-01T00:00:00Z'")}) // in range: silent
	f := fmt.Sprintf("PartitionKey eq '%s' and (%s", dept, clause)                                                                                                // the clause may close it
	c.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &f})
	g := "PartitionKey eq '" + dept + "' and RowKey eq '1' and (" + clause + ")"
	c.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &g})
	h := fmt.Sprintf("PartitionKey eq '%s' and RowKey eq '1' and When gt datetime'%s'", dept, when) // the value is the code's input: silent
	c.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &h})
}
