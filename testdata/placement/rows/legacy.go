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

// Row TL403, legacy, a loop that gives each action its own PartitionKey:
// the ExecuteBatch.
func legacyPartitionPerItem(t *storage.Table, items []Item) error {
	b := t.NewBatch()
	for _, it := range items[:min(len(items), 50)] {
		b.InsertEntity(t.GetEntityReference(it.Shelf, it.Code))
	}
	// M: TL403 ^the loop on line \d+ gives each action its own PartitionKey
	return b.ExecuteBatch() // L: TL403
}
