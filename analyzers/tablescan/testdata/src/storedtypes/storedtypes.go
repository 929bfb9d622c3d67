package storedtypes

import (
	"context"
	"encoding/json"
	"time"

	"github.com/Azure/azure-sdk-for-go/sdk/azcore/to"
	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

type Order struct {
	aztables.Entity
	Amount  int32
	Placed  time.Time
	Shipped aztables.EDMDateTime
	Note    string
}

func save(ctx context.Context, c *aztables.Client, o Order) error {
	b, err := json.Marshal(o)
	if err != nil {
		return err
	}
	_, err = c.AddEntity(ctx, b, nil)
	return err
}

func queries(c *aztables.Client) {
	c.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: to.Ptr("PartitionKey eq 'p' and Amount gt '100'")})                           // want `TL323: query compares Amount, stored as Int32 by Order, with a String literal: never matches`
	c.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: to.Ptr("PartitionKey eq 'p' and Placed ge datetime'2024-01-01T00:00:00Z'")})  // want `TL127: query compares Placed, a time.Time of Order stored as a String, with a datetime: never matches`
	c.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: to.Ptr("PartitionKey eq 'p' and Amount gt 100")})                             // a number: silent
	c.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: to.Ptr("PartitionKey eq 'p' and Amount gt 100.5")})                           // numbers compare: silent
	c.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: to.Ptr("PartitionKey eq 'p' and Shipped ge datetime'2024-01-01T00:00:00Z'")}) // EDMDateTime: silent
	c.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: to.Ptr("PartitionKey eq 'p' and Placed ge '2024-01-01T00:00:00Z'")})          // compared as text: silent
	c.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: to.Ptr("PartitionKey eq 'p' and Note eq 'x' and Other eq 5")})                // Other: not stored by the package
}
