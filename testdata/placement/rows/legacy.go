package rows

import "github.com/Azure/azure-sdk-for-go/storage"

// Row TL401, legacy: the ExecuteBatch.
func legacyTooMany(t *storage.Table, codes []string) error {
	b := t.NewBatch()
	for _, code := range codes {
		b.InsertOrReplaceEntity(t.GetEntityReference("books", code), true)
	}
	return b.ExecuteBatch() // L: TL401
}

// Row TL403, legacy, actions written out one by one.
func legacyTwoPartitions(t *storage.Table) error {
	b := t.NewBatch()
	b.InsertEntity(t.GetEntityReference("books", "1"))
	b.InsertEntity(t.GetEntityReference("films", "2")) // L: TL403
	return b.ExecuteBatch()
}
