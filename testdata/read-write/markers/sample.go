// Package markers is a getting-started program: it inserts a few products
// and lists them back (shape of a quick-start sample).
package markers

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/Azure/azure-sdk-for-go/sdk/azcore/to"
	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

// Product is a row of the sample table.
type Product struct {
	aztables.Entity
	Product   string  `json:"Product"`
	Price     float64 `json:"Price"`
	Available bool    `json:"Available"`
}

// Run inserts the products and prints what the query returns.
func Run(ctx context.Context, client *aztables.Client) error {
	for i, name := range []string{"Markers", "Pens", "Pencils"} {
		p := Product{Entity: aztables.Entity{PartitionKey: "markers", RowKey: fmt.Sprintf("%03d", i)}, Product: name, Price: 5, Available: true} // S
		b, err := json.Marshal(p)
		if err != nil {
			return err
		}
		if _, err := client.AddEntity(ctx, b, nil); err != nil { // L: TL406
			return err
		}
	}
	filter := "PartitionKey eq 'markers' or RowKey eq 'Markers'"
	pager := client.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &filter, Select: to.Ptr("RowKey,Price,Product,Available"), Top: to.Ptr(int32(15))}) // L: TL301
	for pager.More() {
		resp, err := pager.NextPage(ctx)
		if err != nil {
			return err
		}
		fmt.Println(len(resp.Entities))
	}
	return nil
}
