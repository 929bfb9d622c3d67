// Package postsinka keeps posts in a table through the legacy storage
// API: each post is merged in as a batch of one, stamped with the time it
// was written.
package postsinka

import (
	"time"

	"github.com/Azure/azure-sdk-for-go/storage"
)

// Sink holds the account client.
type Sink struct {
	acct storage.Client
}

// Connect makes the legacy client from the name and key it is given.
func (s *Sink) Connect(name, key string) error {
	c, err := storage.NewBasicClient(name, key) // S
	if err != nil {
		return err
	}
	s.acct = c
	return nil
}

// Put merges one post's properties under the keys given.
func (s *Sink) Put(part, row string, fields map[string]interface{}) error {
	svc := s.acct.GetTableService()
	posts := svc.GetTableReference("posts")
	b := posts.NewBatch()

	e := storage.Entity{}
	e.Table = posts
	e.PartitionKey = part    // L: TL201
	e.RowKey = row           // L: TL201
	e.TimeStamp = time.Now() // L: TL128
	e.Properties = fields

	b.InsertOrMergeEntity(&e, false)
	return b.ExecuteBatch() // S
}

// putSample is the first version's fixed test row.
func (s *Sink) putSample() error {
	svc := s.acct.GetTableService()
	t := svc.GetTableReference("posts2")
	b := t.NewBatch()

	e := storage.Entity{}
	e.Table = t
	e.PartitionKey = "5"
	e.RowKey = "0"
	e.TimeStamp = time.Now() // L: TL128
	e.Properties = map[string]interface{}{"fina": 17}

	b.InsertOrMergeEntity(&e, false)
	return b.ExecuteBatch() // S
}
