// Package guildcfg keeps per-server settings of a chat bot in the legacy
// Table API: one config row per server holding every setting.
package guildcfg

import (
	"errors"
	"fmt"
	"os"
	"time"

	"github.com/Azure/azure-sdk-for-go/storage"
)

var (
	storageAccount     = os.Getenv("BOT_STORAGE_ACCOUNT")
	storageAccessToken = os.Getenv("BOT_STORAGE_KEY")
)

const settingsTable = "BotSettings"

func configEntity(guildID string) (*storage.Entity, error) {
	client, err := storage.NewBasicClient(storageAccount, storageAccessToken) // S
	if err != nil {
		return nil, fmt.Errorf("create storage client: %w", err)
	}
	svc := client.GetTableService()
	table := svc.GetTableReference(settingsTable)
	return table.GetEntityReference(guildID, "config"), nil
}

// SaveManagerRole stores the role allowed to manage the bot. The row also
// holds LeaderboardPublic: InsertOrReplace with only RoleID deletes it.
func SaveManagerRole(guildID, roleID string) error {
	if guildID == "" {
		return errors.New("manager settings require a server")
	}
	e, err := configEntity(guildID)
	if err != nil {
		return err
	}
	e.Properties = map[string]interface{}{"RoleID": roleID}
	if err := e.InsertOrReplace(nil); err != nil { // L: TL411
		return fmt.Errorf("save manager config: %w", err)
	}
	return nil
}

// SaveLeaderboardVisibility stores whether the leaderboard is public, and
// deletes RoleID the same way.
func SaveLeaderboardVisibility(guildID string, public bool) error {
	e, err := configEntity(guildID)
	if err != nil {
		return err
	}
	e.Properties = map[string]interface{}{"LeaderboardPublic": public}
	if err := e.InsertOrReplace(nil); err != nil { // L: TL411
		return fmt.Errorf("save leaderboard config: %w", err)
	}
	return nil
}

// SavePendingDeletion records a deletion awaiting confirmation in a row
// of its own, with every property it has.
func SavePendingDeletion(guildID, userID, item string, expires time.Time) error {
	client, err := storage.NewBasicClient(storageAccount, storageAccessToken)
	if err != nil {
		return err
	}
	svc := client.GetTableService()
	e := svc.GetTableReference(settingsTable).GetEntityReference(guildID, "pending_"+userID)
	e.Properties = map[string]interface{}{
		"Item":      item,
		"ExpiresAt": expires.UTC().Format(time.RFC3339), // S
	}
	return e.InsertOrReplace(nil) // S
}
