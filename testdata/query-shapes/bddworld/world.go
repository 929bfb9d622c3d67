// Package bddworld (legacy storage API): a test step counting rows.
package bddworld

import "github.com/Azure/azure-sdk-for-go/storage"

func Rows(c storage.Client, table string) int {
	svc := c.GetTableService()
	t := svc.GetTableReference(table)
	res, err := t.QueryEntities(10, storage.FullMetadata, &storage.QueryOptions{})
	if err != nil {
		return 0
	}
	return len(res.Entities)
}
