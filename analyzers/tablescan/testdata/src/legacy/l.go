package legacy

import "github.com/Azure/azure-sdk-for-go/storage"

func q(t *storage.Table, dept string) {
	t.QueryEntities(30, storage.MinimalMetadata, nil)                                          // want `TL301: query has no filter`
	t.QueryEntities(30, storage.MinimalMetadata, &storage.QueryOptions{Top: 10})               // want `TL301: query has no filter`
	t.QueryEntities(30, storage.MinimalMetadata, &storage.QueryOptions{Filter: "Name eq 'x'"}) // want `TL301: query scans the whole table`
	t.QueryEntities(30, storage.MinimalMetadata, &storage.QueryOptions{Filter: "PartitionKey eq '" + dept + "'"})
	s := t.GetEntityReference("a", "b")
	_ = s
}

func tables(c storage.TableServiceClient) {
	c.QueryTables(storage.MinimalMetadata, &storage.QueryTablesOptions{Filter: "TableName eq 'x'"})
}
