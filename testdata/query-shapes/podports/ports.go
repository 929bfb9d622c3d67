// Package podports (legacy storage API): finds running pods by a status
// property, in one request.
package podports

import "github.com/Azure/azure-sdk-for-go/storage"

func Running(c storage.Client) []*storage.Entity {
	svc := c.GetTableService()
	t := svc.GetTableReference("pods")
	res, err := t.QueryEntities(30, storage.MinimalMetadata, &storage.QueryOptions{
		Filter: "Status eq 'Running'",
	})
	if err != nil {
		return nil
	}
	return res.Entities
}
