// Package inventoryb keeps a stationery shop's stock lines in one table:
// the kind of article is the PartitionKey, the catalogue number the RowKey.
package inventoryb

import (
	"context"
	"errors"
	"net/http"
	"os"

	"github.com/Azure/azure-sdk-for-go/sdk/azcore"
	"github.com/Azure/azure-sdk-for-go/sdk/azcore/to"
	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

// Shop wraps the stock table.
type Shop struct {
	lines *aztables.Client
	svc   *aztables.ServiceClient
}

// WithAccountKey addresses the stock table by its URL and signs with the
// account key.
func WithAccountKey(account, secret, table string) (*Shop, error) {
	keyCred, err := aztables.NewSharedKeyCredential(account, secret)
	if err != nil {
		return nil, err
	}
	tableURL := "https://" + account + ".table.core.windows.net/" + table
	lines, err := aztables.NewClientWithSharedKey(tableURL, keyCred, nil) // S
	if err != nil {
		return nil, err
	}
	return &Shop{lines: lines}, nil
}

// FromEnvironment reads a connection string, makes sure the table exists
// and keeps the service client for the table listing.
func FromEnvironment(ctx context.Context, table string) (*Shop, error) {
	svc, err := aztables.NewServiceClientFromConnectionString(os.Getenv("SHOP_TABLES_CONN"), nil) // S
	if err != nil {
		return nil, err
	}
	if _, err := svc.CreateTable(ctx, table, nil); err != nil { // S
		var rerr *azcore.ResponseError
		if !errors.As(err, &rerr) || rerr.StatusCode != http.StatusConflict {
			return nil, err
		}
	}
	return &Shop{lines: svc.NewClient(table), svc: svc}, nil
}

// ShopTables lists the tables whose names start with "shop".
func (s *Shop) ShopTables(ctx context.Context) ([]string, error) {
	pager := s.svc.NewListTablesPager(&aztables.ListTablesOptions{
		Filter: to.Ptr("TableName ge 'shop' and TableName lt 'shoq'"), // S
	})
	var names []string
	for pager.More() {
		page, err := pager.NextPage(ctx)
		if err != nil {
			return nil, err
		}
		for _, t := range page.Tables {
			if t.Name != nil {
				names = append(names, *t.Name)
			}
		}
	}
	return names, nil
}

// DropTable removes a table the shop no longer uses.
func (s *Shop) DropTable(ctx context.Context, table string) error {
	_, err := s.svc.DeleteTable(ctx, table, nil) // S
	return err
}
