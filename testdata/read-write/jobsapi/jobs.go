// Package jobsapi answers a job-status dashboard; jobs are partitioned by
// owner (shape of a CI dashboard that keeps its query function in a
// variable and a legacy export path).
package jobsapi

import (
	"context"
	"strings"

	"github.com/Azure/azure-sdk-for-go/sdk/azcore/to"
	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
	"github.com/Azure/azure-sdk-for-go/storage"
)

// Failed counts failed jobs of every owner.
func Failed(ctx context.Context, c *aztables.Client) (int, error) {
	list := c.NewListEntitiesPager
	pager := list(&aztables.ListEntitiesOptions{Filter: to.Ptr("State eq 'failed'")}) // L: TL301
	n := 0
	for pager.More() {
		page, err := pager.NextPage(ctx)
		if err != nil {
			return n, err
		}
		n += len(page.Entities)
	}
	return n, nil
}

func collect(ctx context.Context, c *aztables.Client) func(string) ([][]byte, error) {
	return func(f string) ([][]byte, error) {
		pager := c.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &f})
		var out [][]byte
		for pager.More() {
			page, err := pager.NextPage(ctx)
			if err != nil {
				return nil, err
			}
			out = append(out, page.Entities...)
		}
		return out, nil
	}
}

// Owner lists an owner's jobs; the owner is the login name from the URL.
func Owner(ctx context.Context, c *aztables.Client, owner string) ([][]byte, error) {
	run := collect(ctx, c)
	return run("PartitionKey eq '" + owner + "'") // L: TL321
}

// Mine lists the signed-in user's jobs, escaped.
func Mine(ctx context.Context, c *aztables.Client, login string) ([][]byte, error) {
	run := func(f string) ([][]byte, error) { return collect(ctx, c)(f) }
	return run("PartitionKey eq '" + strings.ReplaceAll(login, "'", "''") + "'") // S
}

func legacyAll(t *storage.Table, o *storage.QueryOptions) ([]*storage.Entity, error) {
	res, err := t.QueryEntities(30, storage.NoMetadata, o)
	if err != nil {
		return nil, err
	}
	all := res.Entities
	for res.NextLink != nil {
		if res, err = res.NextResults(nil); err != nil {
			return nil, err
		}
		all = append(all, res.Entities...)
	}
	return all, nil
}

// Export dumps the legacy jobs table for the archive.
func Export(t *storage.Table) ([]*storage.Entity, error) {
	return legacyAll(t, nil) // L: TL301
}

// OwnerLegacy reads one owner's jobs from the legacy table.
func OwnerLegacy(t *storage.Table, owner string) ([]*storage.Entity, error) {
	return legacyAll(t, &storage.QueryOptions{Filter: "PartitionKey eq '" + strings.ReplaceAll(owner, "'", "''") + "'"}) // S
}
