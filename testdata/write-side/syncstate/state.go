// Package syncstate keeps the sync state of to-do lists in the legacy
// Table API, one row per list.
package syncstate

import (
	"os"
	"time"

	"github.com/Azure/azure-sdk-for-go/storage"
)

const (
	tableName    = "syncstate"
	partitionKey = "lists"
)

// ListState is what is remembered of one list.
type ListState struct {
	ETag     string
	Synced   time.Time
	Checksum string
}

func toMap(s *ListState) map[string]interface{} {
	return map[string]interface{}{"ETag": s.ETag, "Synced": s.Synced.UTC(), "Checksum": s.Checksum}
}

// Tables is the state store.
type Tables struct {
	Lists map[string]*ListState
}

func (t *Tables) client() (storage.Client, error) {
	return storage.NewBasicClient(os.Getenv("SYNC_ACCOUNT"), os.Getenv("SYNC_KEY")) // S
}

// Save stores one list's state (every property of the row).
func (t *Tables) Save(listURI string, s *ListState) error {
	t.Lists[listURI] = s
	c, err := t.client()
	if err != nil {
		return err
	}
	svc := c.GetTableService()
	table := svc.GetTableReference(tableName)
	_ = table.Create(30, storage.EmptyPayload, nil) // exists after the first run
	e := table.GetEntityReference(partitionKey, listURI)
	e.Properties = toMap(s)
	e.TimeStamp = time.Now()      // L: TL128
	return e.InsertOrReplace(nil) // S
}
