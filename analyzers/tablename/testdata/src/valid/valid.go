package valid

import (
	"context"
	"fmt"
	"os"
	"time"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

func names(ctx context.Context, sc *aztables.ServiceClient, cred *aztables.SharedKeyCredential, name string, account string) {
	sc.NewClient("Employees")
	sc.NewClient(name)
	sc.NewClient(os.Getenv("TABLE_NAME"))
	sc.CreateTable(ctx, "logs"+time.Now().Format("200601"), nil)
	sc.CreateTable(ctx, fmt.Sprintf("t%s", name), nil)
	sc.NewClient("tablesArchive")
	aztables.NewClientWithSharedKey(fmt.Sprintf("https://%s.table.core.windows.net/%s", account, name), cred, nil)
	aztables.NewClientWithSharedKey("https://"+account+".table.core.windows.net/Orders", cred, nil)
	aztables.NewClientWithNoCredential(os.Getenv("TABLE_URL"), nil)
	// A ListTables filter is not a table name.
	sc.NewListTablesPager(&aztables.ListTablesOptions{Filter: nil})
}

// Every name a branch can choose is valid: silent.
func chosen(sc *aztables.ServiceClient, archive bool) {
	name := "Orders"
	if archive {
		name = "OrdersArchive"
	}
	sc.NewClient(name)
}
