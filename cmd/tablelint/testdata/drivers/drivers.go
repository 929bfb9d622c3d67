// Package drivers is a fixture run through every driver (tablelint
// check, go vet -vettool, the golangci-lint plugin's analyzers): they
// must report exactly the same findings.
package drivers

import (
	"context"
	"fmt"
	"net/http"
	"strconv"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

// tablelint: this comment mentions the tool; with a space it is prose.

func exportAll(ctx context.Context, c *aztables.Client) {
	f := "LastName eq 'Jones'"
	//tablelint:ignore TL301 the nightly export reads the whole table on purpose
	p := c.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &f})
	for p.More() {
		if _, err := p.NextPage(ctx); err != nil {
			return
		}
	}
}

func byName(ctx context.Context, c *aztables.Client, r *http.Request) {
	//tablelint:ignore TL321 name is validated against ^[a-z]+$ by the router
	f := fmt.Sprintf("LastName eq '%s'", r.FormValue("name"))
	//tablelint:ignore table-scan the router caches these answers
	p := c.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &f})
	for p.More() {
		if _, err := p.NextPage(ctx); err != nil {
			return
		}
	}
}

func byCity(ctx context.Context, c *aztables.Client) {
	f := "City eq 'Oslo'"
	//tablelint:ignore TL301
	p := c.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &f})
	for p.More() {
		if _, err := p.NextPage(ctx); err != nil {
			return
		}
	}
}

func keys(id int) aztables.Entity {
	return aztables.Entity{
		PartitionKey: "orders",
		RowKey:       strconv.Itoa(id), //tablelint:ignore TL204 ids are below 10 in this demo table
	}
}

func keysKept(id int) aztables.Entity {
	return aztables.Entity{PartitionKey: "orders", RowKey: strconv.Itoa(id)}
}

//tablelint:ignroe TL204 misspelt verb
var _ = keysKept
