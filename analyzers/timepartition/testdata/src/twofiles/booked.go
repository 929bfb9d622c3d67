package twofiles

import (
	"time"

	"github.com/Azure/azure-sdk-for-go/storage"
)

// Book keeps one row per booking.
type Book struct {
	rows *storage.Table
}

// row names the booking's entity under the minute of the call; its
// key is on line 18, as hourly.go's is.
func (b *Book) row(id string) *storage.Entity {
	ref := b.rows.GetEntityReference(
		time.Now().Format("200601021504"), // want `TL209: PartitionKey comes only from time.Now\(\)`
		id)
	return ref
}

// Add inserts what row names.
func (b *Book) Add(id string) error {
	return b.row(id).Insert(storage.NoMetadata, nil)
}
