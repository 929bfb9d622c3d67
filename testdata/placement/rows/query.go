// Package rows holds one function per row (and case) of the table "Where
// a finding is reported" in docs/analyzers.md.
package rows

import (
	"context"

	"github.com/Azure/azure-sdk-for-go/sdk/azcore/to"
	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
	"github.com/Azure/azure-sdk-for-go/storage"
)

// Row "a query's filter": the Filter: field of the query's own options
// literal.
func filterInLiteral(ctx context.Context, c *aztables.Client) {
	pager := c.NewListEntitiesPager(&aztables.ListEntitiesOptions{
		Filter: to.Ptr("Name eq 'x'"), // L: TL301
	})
	for pager.More() {
		if _, err := pager.NextPage(ctx); err != nil {
			return
		}
	}
}

// The filter from a variable, then the options literal: the Filter: field
// still.
func filterFromVariable(ctx context.Context, c *aztables.Client) {
	filter := "Name eq 'x'"
	pager := c.NewListEntitiesPager(&aztables.ListEntitiesOptions{
		Filter: &filter, // L: TL301
	})
	for pager.More() {
		if _, err := pager.NextPage(ctx); err != nil {
			return
		}
	}
}

// An opts.Filter = … that always runs: that assignment.
func filterAssigned(ctx context.Context, c *aztables.Client) {
	opts := &aztables.ListEntitiesOptions{}
	opts.Filter = to.Ptr("Name eq 'x'") // L: TL301
	pager := c.NewListEntitiesPager(opts)
	for pager.More() {
		if _, err := pager.NextPage(ctx); err != nil {
			return
		}
	}
}

// listAll is a paging helper of the package: it runs the query it is given.
func listAll(ctx context.Context, c *aztables.Client, opts *aztables.ListEntitiesOptions) int {
	n := 0
	pager := c.NewListEntitiesPager(opts)
	for pager.More() {
		page, err := pager.NextPage(ctx)
		if err != nil {
			return n
		}
		n += len(page.Entities)
	}
	return n
}

// The caller of the paging helper, with an options literal: the caller's
// call of the helper, naming the line of the query.
func callerOfHelper(ctx context.Context, c *aztables.Client) int {
	// M: TL301 ^query via listAll at query\.go:\d+
	return listAll(ctx, c, &aztables.ListEntitiesOptions{Filter: to.Ptr("Name eq 'y'")}) // L: TL301
}

// Legacy QueryEntities: an opts.Filter = … that always runs, as above.
func legacyQuery(t *storage.Table) {
	opts := &storage.QueryOptions{}
	opts.Filter = "Name eq 'x'" // L: TL301
	res, err := t.QueryEntities(30, storage.MinimalMetadata, opts)
	for err == nil && res != nil {
		res, err = res.NextResults(nil)
	}
}

// Legacy QueryEntities given an options literal: its Filter: field.
func legacyQueryLiteral(t *storage.Table) {
	res, err := t.QueryEntities(30, storage.MinimalMetadata, &storage.QueryOptions{
		Filter: "Name eq 'x'", // L: TL301
	})
	for err == nil && res != nil {
		res, err = res.NextResults(nil)
	}
}

// A filter given to the options only in a branch: the call that runs the
// query.
func filterInBranch(ctx context.Context, c *aztables.Client, name string) {
	opts := &aztables.ListEntitiesOptions{}
	if name != "" {
		opts.Filter = to.Ptr("Name eq 'x'")
	}
	pager := c.NewListEntitiesPager(opts) // L: TL301
	for pager.More() {
		if _, err := pager.NextPage(ctx); err != nil {
			return
		}
	}
}

// No filter at all: the call that runs the query.
func noFilter(ctx context.Context, c *aztables.Client) {
	pager := c.NewListEntitiesPager(nil) // L: TL301
	for pager.More() {
		if _, err := pager.NextPage(ctx); err != nil {
			return
		}
	}
}

// Legacy QueryEntities given options from a variable left without a
// filter: the QueryEntities call.
func legacyNoFilter(t *storage.Table) {
	opts := &storage.QueryOptions{Top: 100}
	res, err := t.QueryEntities(30, storage.MinimalMetadata, opts) // L: TL301
	for err == nil && res != nil {
		res, err = res.NextResults(nil)
	}
}

// A paging helper given no options literal at all: the caller's call.
func callerOfHelperNil(ctx context.Context, c *aztables.Client) int {
	// M: TL301 ^query via listAll at query\.go:\d+
	return listAll(ctx, c, nil) // L: TL301
}

// countWhere is a helper of the package given the filter text.
func countWhere(ctx context.Context, c *aztables.Client, filter string) int {
	return listAll(ctx, c, &aztables.ListEntitiesOptions{Filter: &filter})
}

// The caller of a helper given the filter: the caller's call.
func callerOfFilterHelper(ctx context.Context, c *aztables.Client) int {
	// M: TL301 ^query via countWhere at query\.go:\d+
	return countWhere(ctx, c, "Name eq 'z'") // L: TL301
}

// An options literal in a variable: its Filter: field.
func literalInVariable(ctx context.Context, c *aztables.Client) {
	opts := &aztables.ListEntitiesOptions{
		Filter: to.Ptr("Name eq 'x'"), // L: TL301
	}
	pager := c.NewListEntitiesPager(opts)
	for pager.More() {
		if _, err := pager.NextPage(ctx); err != nil {
			return
		}
	}
}
