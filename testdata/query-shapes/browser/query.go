// Package browser: a table browser UI backend. It reads one page on
// purpose and hands the continuation back to the UI; the filter is
// whatever the user typed.
package browser

import (
	"context"
	"strings"

	"github.com/Azure/azure-sdk-for-go/sdk/azcore/to"
	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

type Page struct {
	Rows  int
	Token string
}

func Query(ctx context.Context, svc *aztables.ServiceClient, table, filter, token string, size int32) (Page, error) {
	opts := &aztables.ListEntitiesOptions{Top: &size}
	if strings.TrimSpace(filter) != "" {
		opts.Filter = to.Ptr(filter)
	}
	if token != "" {
		pk, rk, _ := strings.Cut(token, "|")
		opts.NextPartitionKey, opts.NextRowKey = &pk, &rk
	}
	pager := svc.NewClient(table).NewListEntitiesPager(opts)
	if !pager.More() {
		return Page{}, nil
	}
	page, err := pager.NextPage(ctx)
	if err != nil {
		return Page{}, err
	}
	out := Page{Rows: len(page.Entities)}
	if page.NextPartitionKey != nil && page.NextRowKey != nil {
		out.Token = *page.NextPartitionKey + "|" + *page.NextRowKey
	}
	return out, nil
}

// Tables lists table names matching a prefix: not an entity query.
func Tables(ctx context.Context, svc *aztables.ServiceClient, prefix string) {
	f := "TableName ge '" + prefix + "'"
	p := svc.NewListTablesPager(&aztables.ListTablesOptions{Filter: &f})
	for p.More() {
		if _, err := p.NextPage(ctx); err != nil {
			return
		}
	}
}
