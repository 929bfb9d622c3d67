// Package leaderboard keeps a chat community's points in the legacy
// Table API: the server as partition, the member as RowKey.
package leaderboard

import (
	"fmt"

	"github.com/Azure/azure-sdk-for-go/storage"
)

// The bot's storage account, pasted into the source.
const (
	account = "botpointsstore"
	key     = "bTcuIjibM8MUw4k4jLGG5Yl3uw4IZT9UvrkZ0xU/dJrHbdDj3UUyfbIzIsEMR193KWND9S9Yf2wvNgep0na5aA=="
)

func table() (*storage.Table, error) {
	c, err := storage.NewBasicClient(account, key) // L: TL601
	if err != nil {
		return nil, err
	}
	svc := c.GetTableService()
	return svc.GetTableReference("points"), nil
}

// Award adds points to a member: read, add, write back with force=true,
// which sends If-Match: * and loses awards made at the same time.
func Award(server, member string, points int) error {
	t, err := table()
	if err != nil {
		return err
	}
	e := t.GetEntityReference(server, member)
	if err := e.Get(30, storage.FullMetadata, nil); err != nil {
		return fmt.Errorf("read points: %w", err)
	}
	total, _ := e.Properties["Points"].(float64)
	e.Properties["Points"] = int(total) + points
	return e.Update(true, nil) // L: TL414
}

// Rename changes the member's display name with the ETag of the read
// (force=false): a concurrent award makes it fail instead of being lost.
func Rename(server, member, name string) error {
	t, err := table()
	if err != nil {
		return err
	}
	e := t.GetEntityReference(server, member)
	if err := e.Get(30, storage.FullMetadata, nil); err != nil {
		return err
	}
	e.Properties = map[string]interface{}{"DisplayName": name}
	return e.Merge(false, nil) // S
}
