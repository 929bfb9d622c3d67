// Package postfeedc keeps a blog's posts in Table storage with the legacy
// storage client: one row per post under its author.
package postfeedc

import (
	"time"

	"github.com/Azure/azure-sdk-for-go/storage"
)

// Feed wraps the account client; the posts live in the "posts" table.
type Feed struct {
	acct storage.Client
}

// Connect makes the account client from a name and key the caller supplies.
func (f *Feed) Connect(account, key string) error {
	c, err := storage.NewBasicClient(account, key) // S
	if err != nil {
		return err
	}
	f.acct = c
	return nil
}

func (f *Feed) table(name string) *storage.Table {
	svc := f.acct.GetTableService()
	return svc.GetTableReference(name)
}

// Put merges one post's fields into its row, sent as a batch of one.
func (f *Feed) Put(author, postID string, fields map[string]interface{}) error {
	posts := f.table("posts")
	batch := posts.NewBatch()

	row := storage.Entity{Table: posts}
	row.PartitionKey = author
	row.RowKey = postID
	row.TimeStamp = time.Now() // L: TL128
	row.Properties = fields

	batch.InsertOrMergeEntity(&row, false)
	return batch.ExecuteBatch() // S
}

// Fetch is declared for readers and not written yet.
func (f *Feed) Fetch() error {
	return nil
}
