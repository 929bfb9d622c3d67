// Package webpagec serves a table a few rows at a time, the client carrying
// the continuation between requests.
package webpagec

import (
	"fmt"

	"github.com/Azure/azure-sdk-for-go/storage"
)

func legacyTable(account, key, name string) (*storage.Table, error) {
	cl, err := storage.NewBasicClient(account, key) // S
	if err != nil {
		return nil, fmt.Errorf("storage client: %w", err)
	}
	svc := cl.GetTableService()
	return svc.GetTableReference(name), nil
}

// PageAfter returns the first result of the table, or the result the
// caller's next link points at.
func PageAfter(account, key, name, nextLink string) (*storage.EntityQueryResult, error) {
	t, err := legacyTable(account, key, name)
	if err != nil {
		return nil, err
	}
	res, err := t.QueryEntities(30, storage.FullMetadata, &storage.QueryOptions{Top: 0}) // L: TL301
	if err != nil {
		return nil, fmt.Errorf("query: %w", err)
	}
	if nextLink == "" {
		return res, nil
	}
	res.NextLink = &nextLink
	return res.NextResults(nil)
}
