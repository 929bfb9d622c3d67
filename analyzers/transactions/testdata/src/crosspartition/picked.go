package crosspartition

import (
	"github.com/Azure/azure-sdk-for-go/storage"
)

// edges returns the two rows of a follow: one under the follower, one
// under the followed.
func edges(t *storage.Table, from, to string) [2]*storage.Entity {
	return [2]*storage.Entity{
		t.GetEntityReference("from_"+from, to),
		t.GetEntityReference("to_"+to, from),
	}
}

// Both rows picked by index go into one batch: two partitions.
func unfollow(t *storage.Table, from string, tos []string) error {
	b := t.NewBatch()
	for _, to := range tos[:min(len(tos), 40)] {
		pair := edges(t, from, to)
		b.DeleteEntity(pair[0], true)
		b.DeleteEntity(pair[1], true)
	}
	return b.ExecuteBatch() // want `TL403: this action's PartitionKey "to_\{\?\}" differs from "from_\{\?\}"`
}

// The twin: only the follower's rows, one partition for the batch.
func unfollowOwn(t *storage.Table, from string, tos []string) error {
	b := t.NewBatch()
	for _, to := range tos[:min(len(tos), 40)] {
		pair := edges(t, from, to)
		b.DeleteEntity(pair[0], true)
	}
	return b.ExecuteBatch()
}

// refs returns the rows of a follow as a slice.
func refs(t *storage.Table, from, to string) []*storage.Entity {
	return []*storage.Entity{
		t.GetEntityReference("from_"+from, to),
		t.GetEntityReference("to_"+to, from),
	}
}

// Every row of the slice ranged over goes into one batch: two
// partitions (one follower, many followed).
func unfollowAll(t *storage.Table, from string, tos []string) error {
	b := t.NewBatch()
	for _, to := range tos[:min(len(tos), 40)] {
		for _, row := range refs(t, from, to) {
			b.DeleteEntity(row, true)
		}
	}
	return b.ExecuteBatch() // want `TL403: this action's PartitionKey "to_\{\?\}" differs from "from_\{\?\}"`
}

// The twin: one row a follow, the first, ranged over a slice of one.
func unfollowFirst(t *storage.Table, from string, tos []string) error {
	b := t.NewBatch()
	for _, to := range tos[:min(len(tos), 40)] {
		for _, row := range refs(t, from, to)[:1] {
			b.DeleteEntity(row, true)
		}
	}
	return b.ExecuteBatch()
}
