// Package legacyblog reads rows with the legacy storage package (shape of
// a blog post's example, with its placeholder credentials).
package legacyblog

import (
	"fmt"

	"github.com/Azure/azure-sdk-for-go/storage"
)

const (
	tableName   = "MyTable"
	accountName = "your-account-name"
	accountKey  = "your-key"
)

// Property reads one property of one row.
func Property(pk, rk, prop string) (any, error) {
	c, err := storage.NewBasicClient(accountName, accountKey) // S
	if err != nil {
		return nil, err
	}
	ts := c.GetTableService()
	t := ts.GetTableReference(tableName) // S
	e := t.GetEntityReference(pk, rk)
	if err := e.Get(30, storage.FullMetadata, &storage.GetEntityOptions{Select: []string{prop}}); err != nil {
		return nil, err
	}
	return e.Properties[prop], nil
}

// Dutch lists customers in the Netherlands.
func Dutch() ([]*storage.Entity, error) {
	c, err := storage.NewBasicClient(accountName, accountKey)
	if err != nil {
		return nil, err
	}
	ts := c.GetTableService()
	t := ts.GetTableReference("Customers")
	res, err := t.QueryEntities(30, storage.NoMetadata, &storage.QueryOptions{Filter: "Country eq 'NL'", Top: 100}) // L: TL301 TL307
	if err != nil {
		return nil, err
	}
	fmt.Println(len(res.Entities))
	return res.Entities, nil
}

// Region lists one region's customers, following every continuation.
func Region(t *storage.Table, region string) ([]*storage.Entity, error) {
	res, err := t.QueryEntities(30, storage.NoMetadata, &storage.QueryOptions{Filter: "PartitionKey eq 'emea'"}) // S
	if err != nil {
		return nil, err
	}
	all := res.Entities
	for res.NextLink != nil {
		res, err = res.NextResults(nil)
		if err != nil {
			return nil, err
		}
		all = append(all, res.Entities...)
	}
	return all, nil
}
