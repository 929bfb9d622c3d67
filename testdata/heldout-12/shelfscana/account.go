// Package shelfscana lists a library's shelf tables and reads their rows
// (shelf = PartitionKey, call number = RowKey). Its shapes follow the
// examples of the aztables package documentation (see SOURCES-a.md).
package shelfscana

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"github.com/Azure/azure-sdk-for-go/sdk/azcore"
	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

// Library holds the account-level client.
type Library struct {
	svc     *aztables.ServiceClient
	account string
}

// Connect opens the account with a token credential the caller supplies.
func Connect(account string, cred azcore.TokenCredential) (*Library, error) {
	svc, err := aztables.NewServiceClient(fmt.Sprintf("https://%s.table.core.windows.net", account), cred, nil)
	if err != nil {
		return nil, err
	}
	return &Library{svc: svc, account: account}, nil
}

// AddWing creates the wing's table; RemoveWing deletes it.
func (l *Library) AddWing(ctx context.Context) error {
	_, err := l.svc.CreateTable(ctx, "eastwing", nil) // S
	return err
}

func (l *Library) RemoveWing(ctx context.Context) error {
	_, err := l.svc.DeleteTable(ctx, "eastwing", nil) // S
	return err
}

// WingsFrom prints every table whose name sorts at or after a starting name,
// page by page.
func (l *Library) WingsFrom(ctx context.Context) error {
	start := "eastwing"
	cond := fmt.Sprintf("TableName ge '%v'", start)                               // S
	pages := l.svc.NewListTablesPager(&aztables.ListTablesOptions{Filter: &cond}) // S
	n := 1
	for pages.More() {
		pg, err := pages.NextPage(ctx)
		if err != nil {
			return err
		}
		fmt.Printf("page %d: %d tables\n", n, len(pg.Tables))
		for _, t := range pg.Tables {
			fmt.Println("  ", *t.Name)
		}
		n++
	}
	return nil
}

// ReaderPass issues a read-only account SAS over the service for a year and
// opens a client on a wing with it.
func (l *Library) ReaderPass() (*aztables.Client, error) {
	kinds := aztables.AccountSASResourceTypes{Service: true}
	perms := aztables.AccountSASPermissions{Read: true}
	from := time.Now()
	until := from.AddDate(1, 0, 0)
	sas, err := l.svc.GetAccountSASURL(kinds, perms, from, until) // L: TL602
	if err != nil {
		return nil, err
	}
	wing := fmt.Sprintf("https://%s.table.core.windows.net/eastwing?%s", l.account, sas)
	return aztables.NewClientWithNoCredential(wing, nil) // S
}

// Inventory prints every row of the wing's table: no options, every page.
func Inventory(ctx context.Context, wing *aztables.Client) error {
	all := wing.NewListEntitiesPager(nil) // L: TL301
	n := 0
	for all.More() {
		pg, err := all.NextPage(ctx) // S
		if err != nil {
			return err
		}
		fmt.Printf("page %d: %d rows\n", n, len(pg.Entities))
		n++
		for _, raw := range pg.Entities {
			var row aztables.EDMEntity
			if err := json.Unmarshal(raw, &row); err != nil {
				return err
			}
			title, _ := row.Properties["Title"].(string)
			price, _ := row.Properties["Price"].(float64)
			var shelved time.Time
			if dt, ok := row.Properties["Shelved"].(aztables.EDMDateTime); ok {
				shelved = time.Time(dt)
			}
			fmt.Printf("%s/%s %s %.2f %s\n", row.PartitionKey, row.RowKey, title, price, shelved)
		}
	}
	return nil
}
