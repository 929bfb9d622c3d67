// Package tailview shows the last lines a build agent logged (shape of a
// log viewer over a table keyed by agent and sequence).
package tailview

import (
	"context"
	"fmt"
	"strings"

	"github.com/Azure/azure-sdk-for-go/sdk/azcore/to"
	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

// Tail reads every line the agent logged and keeps the last n.
func Tail(ctx context.Context, c *aztables.Client, agent string, n int) ([][]byte, error) {
	f := fmt.Sprintf("PartitionKey eq '%s'", strings.ReplaceAll(agent, "'", "''"))
	pager := c.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &f})
	var all [][]byte
	for pager.More() {
		page, err := pager.NextPage(ctx)
		if err != nil {
			return nil, err
		}
		all = append(all, page.Entities...)
	}
	if len(all) > n {
		all = all[len(all)-n:] // L: TL312
	}
	return all, nil
}

// Latest reads the newest n lines of an agent whose RowKeys count down.
func Latest(ctx context.Context, c *aztables.Client, agent string, n int32) ([][]byte, error) {
	f := fmt.Sprintf("PartitionKey eq '%s'", strings.ReplaceAll(agent, "'", "''"))
	pager := c.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &f, Top: to.Ptr(n)})
	var out [][]byte
	for pager.More() {
		page, err := pager.NextPage(ctx)
		if err != nil {
			return nil, err
		}
		out = append(out, page.Entities...)
		if int32(len(out)) >= n { // S
			break
		}
	}
	return out, nil
}
