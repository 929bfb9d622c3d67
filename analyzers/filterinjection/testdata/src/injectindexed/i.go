// Package injectindexed: fmt.Sprintf with explicit argument indexes
// ("%[1]s") is followed like positional verbs.
package injectindexed

import (
	"fmt"

	"github.com/Azure/azure-sdk-for-go/storage"
)

// Top reads a guild's rows; the guild is put in by index.
func Top(t *storage.Table, guild string, users bool) {
	o := storage.QueryOptions{Filter: fmt.Sprintf("PartitionKey eq '%[1]s' and isUser eq %[2]t", guild, users)} // want `TL321: guild \(string\)`
	t.QueryEntities(30, storage.MinimalMetadata, &o)
}

// Reordered: the index picks the argument, whatever its position.
func Reordered(t *storage.Table, n int, name string) {
	o := storage.QueryOptions{Filter: fmt.Sprintf("PartitionKey eq 'p' and N eq %[2]d and Name eq '%[1]s'", name, n)} // want `TL321: name \(string\)`
	t.QueryEntities(30, storage.MinimalMetadata, &o)
}

// Safe: only numbers and bools go in by index.
func Safe(t *storage.Table, n int, ok bool) {
	o := storage.QueryOptions{Filter: fmt.Sprintf("PartitionKey eq 'p' and Active eq %[2]t and N eq %[1]d", n, ok)}
	t.QueryEntities(30, storage.MinimalMetadata, &o)
}
