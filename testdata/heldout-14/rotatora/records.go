// Package rotatora keeps, in one table, the list of app registrations whose
// client secrets a nightly job renews: each row names the registration, the
// key vault that receives the new secret and the repository whose Actions
// secret is refreshed afterwards. A row whose push to the repository failed
// is flagged so that the next run only re-pushes the stored secret.
package rotatora

import (
	"context"
	"encoding/json"
	"fmt"
	"log"
	"strings"

	"github.com/Azure/azure-sdk-for-go/sdk/azcore"
	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

// rotationRow is one registration to look after. The row keeps neither its
// Timestamp nor its odata.etag: both are dropped when a listed row is decoded.
type rotationRow struct {
	PartitionKey string
	RowKey       string
	Registration string
	ObjectID     string
	Vault        string
	Repository   string
	Subscription string
	Owner        string
	ContactMail  string
	SecretName   string
	PushPending  bool
}

// settings are the values read from the job's own key vault at start-up.
type settings map[string]string

// openRegistry builds a client for the registry table from the account and
// table names kept in the job's settings; the token credential is the job's
// managed identity.
func openRegistry(cfg settings, cred azcore.TokenCredential) (*aztables.Client, error) {
	account := cfg["STORAGE-ACCOUNT"]
	table := cfg["REGISTRY-TABLE"]
	endpoint := fmt.Sprintf("https://%s.table.core.windows.net/%s", account, table)
	c, err := aztables.NewClient(endpoint, cred, nil) // S
	if err != nil {
		log.Printf("registry client: %v", err)
	}
	return c, err
}

// loadRegistry reads every row of the registry. A page that fails is logged
// and the loop goes on; a row that does not decode is kept as decoded so far.
func loadRegistry(ctx context.Context, c *aztables.Client) []rotationRow {
	var rows []rotationRow
	log.Println("reading the registry")
	pages := c.NewListEntitiesPager(nil) // L: TL301
	for pages.More() {
		page, err := pages.NextPage(ctx) // S
		if err != nil {
			log.Printf("registry page: %v", err)
		}
		for _, raw := range page.Entities {
			var row rotationRow
			if err := json.Unmarshal(raw, &row); err != nil {
				if !strings.Contains(err.Error(), "PushPending") {
					log.Printf("registry row: %v", err)
				}
			}
			rows = append(rows, row)
		}
	}
	return rows
}

// setPushPending records whether the next run has to push the secret again.
// It replaces the whole row with the decoded copy it is given, with the flag
// changed, and neither condition nor result is looked at.
func setPushPending(ctx context.Context, c *aztables.Client, row rotationRow, pending bool) {
	row.PushPending = pending
	body, err := json.Marshal(row)
	if err != nil {
		log.Printf("encode %s/%s: %v", row.PartitionKey, row.RowKey, err)
	}
	c.UpdateEntity(ctx, body, &aztables.UpdateEntityOptions{UpdateMode: aztables.UpdateModeReplace}) // S
	log.Printf("push pending for %s set to %v", row.Registration, pending)
}

// (added) clearPushPending is the careful twin: it reads the row itself and
// writes the flag back under the ETag of that read.
func clearPushPending(ctx context.Context, c *aztables.Client, partition, key string) error {
	got, err := c.GetEntity(ctx, partition, key, nil)
	if err != nil {
		return err
	}
	var row rotationRow
	if err := json.Unmarshal(got.Value, &row); err != nil {
		return err
	}
	row.PushPending = false
	body, err := json.Marshal(row)
	if err != nil {
		return err
	}
	_, err = c.UpdateEntity(ctx, body, &aztables.UpdateEntityOptions{ // S
		UpdateMode: aztables.UpdateModeReplace,
		IfMatch:    &got.ETag,
	})
	return err
}
