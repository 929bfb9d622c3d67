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

// emptyFirst stops when the first segment is empty, then follows
// NextLink: an empty segment can still have a continuation.
func emptyFirst(t *storage.Table) int {
	res, err := t.QueryEntities(30, storage.MinimalMetadata, &storage.QueryOptions{Filter: "PartitionKey eq 'p'"})
	if err != nil {
		return 0
	}
	if len(res.Entities) == 0 { // want `TL308: paging stops on a short first page`
		return 0
	}
	n := len(res.Entities)
	for res.NextLink != nil {
		if res, err = res.NextResults(nil); err != nil {
			return n
		}
		n += len(res.Entities)
	}
	return n
}

// oneRow is silent: a lookup that tests its one segment and pages no
// further.
func oneRow(t *storage.Table) *storage.Entity {
	res, err := t.QueryEntities(30, storage.MinimalMetadata, &storage.QueryOptions{Filter: "PartitionKey eq 'p' and RowKey eq 'r'"})
	if err != nil || len(res.Entities) == 0 {
		return nil
	}
	return res.Entities[0]
}

// sameSegment asks for more in a loop but always of the result the
// query gave: each pass fetches the second segment again and counts the
// first one.
func sameSegment(t *storage.Table) int {
	res, err := t.QueryEntities(30, storage.MinimalMetadata, &storage.QueryOptions{Filter: "Size gt 10"}) // want `TL307: the loop at line 84 calls NextResults on the first result each time: later segments are never read`
	if err != nil {
		return 0
	}
	n := len(res.Entities)
	for attempt := 0; attempt < 5 && res.NextLink != nil; attempt++ {
		next, err := res.NextResults(nil)
		if err != nil || next == nil {
			break
		}
		n += len(res.Entities)
	}
	return n
}

// movesOn is sameSegment's silent twin: the segment NextResults gives
// is the one the next pass continues from.
func movesOn(t *storage.Table) int {
	res, err := t.QueryEntities(30, storage.MinimalMetadata, &storage.QueryOptions{Filter: "Size gt 10"})
	if err != nil {
		return 0
	}
	n := len(res.Entities)
	cur := res
	for cur.NextLink != nil {
		next, err := cur.NextResults(nil)
		if err != nil {
			break
		}
		cur = next
		n += len(cur.Entities)
	}
	return n
}

// secondOnly follows NextLink once, outside any loop: not this shape.
func secondOnly(t *storage.Table) int {
	res, err := t.QueryEntities(30, storage.MinimalMetadata, &storage.QueryOptions{Filter: "Size gt 10"})
	if err != nil {
		return 0
	}
	n := len(res.Entities)
	if res.NextLink != nil {
		if more, err := res.NextResults(nil); err == nil {
			n += len(more.Entities)
		}
	}
	return n
}
