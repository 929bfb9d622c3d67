package legacypaging

import "github.com/Azure/azure-sdk-for-go/storage"

func once(t *storage.Table) int {
	res, err := t.QueryEntities(30, storage.MinimalMetadata, &storage.QueryOptions{Filter: "PartitionKey eq 'p'"}) // want `TL307: only the first segment of this query is read`
	if err != nil || res == nil {
		return 0
	}
	return len(res.Entities)
}

func follows(t *storage.Table) int {
	res, err := t.QueryEntities(30, storage.MinimalMetadata, nil)
	n := 0
	for err == nil && res != nil {
		n += len(res.Entities)
		if res.NextLink == nil {
			break
		}
		res, err = res.NextResults(nil)
	}
	return n
}

func returned(t *storage.Table) (*storage.EntityQueryResult, error) {
	res, err := t.QueryEntities(30, storage.MinimalMetadata, nil)
	return res, err
}

// A filter the analyzers cannot reconstruct may be a point query (at
// most one entity): not reported.
func unknownFilter(t *storage.Table, build func() string, opts func() *storage.QueryOptions) int {
	res, err := t.QueryEntities(30, storage.MinimalMetadata, &storage.QueryOptions{Filter: build()})
	if err != nil || res == nil {
		return 0
	}
	res2, err := t.QueryEntities(30, storage.MinimalMetadata, opts())
	if err != nil || res2 == nil {
		return 0
	}
	return len(res.Entities) + len(res2.Entities)
}
