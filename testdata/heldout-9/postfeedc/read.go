package postfeedc

import (
	"strings"

	"github.com/Azure/azure-sdk-for-go/storage"
)

// Recent lists an author's visible posts, the first answer only.
func (f *Feed) Recent(author string) ([]*storage.Entity, error) {
	posts := f.table("posts")
	res, err := posts.QueryEntities(30, storage.MinimalMetadata, &storage.QueryOptions{ // L: TL307
		Filter: "PartitionKey eq '" + author + "' and Hidden eq false", // L: TL303 TL321
		Top:    50,
	})
	if err != nil {
		return nil, err
	}
	return res.Entities, nil
}

// RecentAll quotes the author and follows every continuation.
func (f *Feed) RecentAll(author string) ([]*storage.Entity, error) {
	posts := f.table("posts")
	q := &storage.QueryOptions{
		Filter: "PartitionKey eq '" + strings.ReplaceAll(author, "'", "''") + "' and Hidden eq false", // L: TL303
	}
	res, err := posts.QueryEntities(30, storage.MinimalMetadata, q) // S
	if err != nil {
		return nil, err
	}
	out := append([]*storage.Entity(nil), res.Entities...)
	for res.NextLink != nil {
		if res, err = res.NextResults(nil); err != nil {
			return nil, err
		}
		out = append(out, res.Entities...)
	}
	return out, nil
}
