package rows

import (
	"context"
	"fmt"

	"github.com/Azure/azure-sdk-for-go/sdk/azcore/to"
	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
	"github.com/Azure/azure-sdk-for-go/storage"
)

// Row TL321: the Sprintf argument.
func injectSprintf(ctx context.Context, c *aztables.Client, name string) {
	filter := fmt.Sprintf("PartitionKey eq 'p' and Name eq '%s'",
		name) // L: TL321
	pager := c.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &filter}) // L: TL303
	for pager.More() {
		if _, err := pager.NextPage(ctx); err != nil {
			return
		}
	}
}

// Row TL321: the + operand.
func injectPlus(ctx context.Context, c *aztables.Client, name string) {
	filter := "PartitionKey eq 'p' and Name eq '" +
		name + // L: TL321
		"'"
	pager := c.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &filter}) // L: TL303
	for pager.More() {
		if _, err := pager.NextPage(ctx); err != nil {
			return
		}
	}
}

// Row TL307: the NextPage that reads the one page.
func onePage(ctx context.Context, c *aztables.Client) int {
	pager := c.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: to.Ptr("PartitionKey eq 'p'")})
	page, err := pager.NextPage(ctx) // L: TL307
	if err != nil {
		return 0
	}
	return len(page.Entities)
}

// Row TL307, legacy: the result used without NextResults.
func legacyOnePage(t *storage.Table) int {
	res, err := t.QueryEntities(30, storage.MinimalMetadata, &storage.QueryOptions{Filter: "PartitionKey eq 'p'"}) // L: TL307
	if err != nil {
		return 0
	}
	return len(res.Entities)
}

// Row TL308: the test of the page's length.
func shortPage(ctx context.Context, c *aztables.Client) int {
	n := 0
	pager := c.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: to.Ptr("PartitionKey eq 'p'"), Top: to.Ptr(int32(100))})
	for pager.More() {
		page, err := pager.NextPage(ctx)
		if err != nil {
			return n
		}
		n += len(page.Entities)
		if len(page.Entities) < 100 { // L: TL308
			break
		}
	}
	return n
}

// TL321 once per value: the same value entering twice is two findings.
func injectTwice(ctx context.Context, c *aztables.Client, name string) {
	filter := "PartitionKey eq 'p' and (Name eq '" +
		name + // L: TL321
		"' or Alias eq '" +
		name + // L: TL321
		"')"
	pager := c.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &filter}) // L: TL303
	for pager.More() {
		if _, err := pager.NextPage(ctx); err != nil {
			return
		}
	}
}
