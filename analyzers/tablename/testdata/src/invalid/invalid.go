package invalid

import (
	"context"
	"time"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
	"github.com/Azure/azure-sdk-for-go/storage"
)

const ordersTable = "order_history"

func names(ctx context.Context, sc *aztables.ServiceClient, legacy *storage.TableServiceClient) {
	sc.NewClient("my-table")                          // want `TL101: table name "my-table" is invalid: '-' is not a letter or digit`
	sc.CreateTable(ctx, ordersTable, nil)             // want `TL101: table name "order_history" is invalid`
	sc.DeleteTable(ctx, "1orders", nil)               // want `TL101: table name "1orders" is invalid: it must begin with a letter`
	sc.NewClient("ab")                                // want `TL101: table name "ab" is invalid: shorter than 3 characters`
	sc.NewClient("Tables")                            // want `TL102: table name "Tables" is reserved`
	legacy.GetTableReference("audit.log")             // want `TL101: table name "audit.log" is invalid`
	sc.NewClient("logs-" + time.Now().Format("2006")) // want `TL101: table name "logs-\{\?\}" is invalid: '-' is not a letter or digit`
}

func urls(cred *aztables.SharedKeyCredential, sas string) {
	aztables.NewClientWithSharedKey("https://acct.table.core.windows.net/my_table", cred, nil) // want `TL101: table name "my_table" is invalid`
	aztables.NewClientWithNoCredential("https://acct.table.core.windows.net/tables?"+sas, nil) // want `TL102: table name "tables" is reserved`
	aztables.NewClient("http://127.0.0.1:10002/devstoreaccount1/x1", nil, nil)                 // want `TL101: table name "x1" is invalid`
}

// A name chosen in a branch: each name the code can pass is checked.
func chosen(sc *aztables.ServiceClient, archive bool) {
	name := "Orders"
	if archive {
		name = "orders_archive"
	}
	sc.NewClient(name) // want `TL101: table name "orders_archive" is invalid`
}
