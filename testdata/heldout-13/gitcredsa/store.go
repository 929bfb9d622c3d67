// Package gitcredsa recreates, in new words, the table code of a mock Git
// server: repository users' passwords kept as Argon2 hashes in a
// "credentials" table, written by a service-token API and checked on each
// Git request's Basic credentials. See SOURCES-a.md.
package gitcredsa

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"os"
	"strings"

	"github.com/Azure/azure-sdk-for-go/sdk/azcore"
	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

const usersPartition = "credentials"

// userRow is one stored user.
type userRow struct {
	aztables.Entity
	Username string
	Password string // an encoded Argon2id hash
}

func connectionString() string { return os.Getenv("AzureWebJobsStorage") }

func authDisabled() bool { return strings.EqualFold(os.Getenv("GIT_DISABLE_AUTH"), "true") }

func usersTable() (*aztables.Client, error) {
	conn := connectionString()
	if conn == "" {
		return nil, errors.New("AzureWebJobsStorage is not set")
	}
	svc, err := aztables.NewServiceClientFromConnectionString(conn, nil) // S
	if err != nil {
		return nil, fmt.Errorf("tables service client: %w", err)
	}
	return svc.NewClient("credentials"), nil
}

// StoreUser saves name with the hash of password, replacing any earlier
// password; the table is created on first use.
func StoreUser(name, password string) error {
	c, err := usersTable()
	if err != nil {
		return err
	}
	if _, err := c.CreateTable(context.Background(), nil); err != nil { // S
		var re *azcore.ResponseError
		if !errors.As(err, &re) || re.ErrorCode != "TableAlreadyExists" {
			return fmt.Errorf("create credentials table: %w", err)
		}
	}
	hashed, err := hashPassword(password)
	if err != nil {
		return fmt.Errorf("hash password: %w", err)
	}
	row := userRow{
		Entity: aztables.Entity{
			PartitionKey: usersPartition, // S
			RowKey:       name,           // L: TL201
		},
		Username: name,
		Password: hashed, // S
	}
	b, err := json.Marshal(row)
	if err != nil {
		return fmt.Errorf("marshal user: %w", err)
	}
	_, err = c.UpsertEntity(context.Background(), b, &aztables.UpsertEntityOptions{UpdateMode: aztables.UpdateModeReplace}) // S
	if err != nil {
		return fmt.Errorf("upsert user: %w", err)
	}
	return nil
}

// CheckUser reports whether name exists and password matches its hash.
func CheckUser(name, password string) (bool, error) {
	if authDisabled() {
		return true, nil
	}
	c, err := usersTable()
	if err != nil {
		return false, err
	}
	got, err := c.GetEntity(context.Background(), usersPartition, name, nil) // S
	if err != nil {
		var re *azcore.ResponseError
		if errors.As(err, &re) && re.StatusCode == http.StatusNotFound {
			return false, nil
		}
		return false, fmt.Errorf("get user: %w", err)
	}
	var row userRow
	if err := json.Unmarshal(got.Value, &row); err != nil {
		return false, fmt.Errorf("decode user: %w", err)
	}
	return verifyPassword(row.Password, password)
}
