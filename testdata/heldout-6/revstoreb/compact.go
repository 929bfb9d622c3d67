package revstoreb

import "github.com/Azure/azure-sdk-for-go/storage"

// Compact deletes every revision older than rev that is not the data of a
// current row, and every older event, in batches of at most 99 deletes of
// one key.
func (s *Store) Compact(rev int64) (int, error) {
	f := all(below(colRev, revText(rev)), notSystem())
	res, err := s.t.QueryEntities(timeoutS, storage.NoMetadata, &storage.QueryOptions{Filter: string(f)}) // L: TL301
	if err != nil {
		return 0, err
	}
	var found []*storage.Entity
	for {
		if len(res.Entities) == 0 { // L: TL308
			break
		}
		found = append(found, res.Entities...)
		if res.NextLink == nil {
			break
		}
		if res, err = res.NextResults(nil); err != nil {
			return 0, err
		}
	}

	live := map[string]bool{}
	for _, e := range found {
		if e.RowKey == currentRow {
			live[e.Properties[colRev].(string)] = true
		}
	}
	byKey := map[string][]string{}
	for _, e := range found {
		r := e.Properties[colRev].(string)
		if e.Properties[colKind] == kindEvent || !live[r] {
			byKey[e.PartitionKey] = append(byKey[e.PartitionKey], e.RowKey)
		}
	}

	deleted := 0
	for part, rows := range byKey {
		for start := 0; start < len(rows); start += compactBy {
			end := start + compactBy
			if end > len(rows) {
				end = len(rows)
			}
			b := s.t.NewBatch()
			for _, rk := range rows[start:end] {
				b.DeleteEntity(s.t.GetEntityReference(part, rk), true)
			}
			if err := b.ExecuteBatch(); err != nil { // S
				return deleted, err
			}
			deleted += end - start
		}
	}
	return deleted, nil
}
