package quiet

import (
	"time"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

// TL602 is an info rule: without -info (go vet) nothing is reported.
func everything(c *aztables.Client) (string, error) {
	perms := aztables.SASPermissions{Read: true, Add: true, Update: true, Delete: true}
	return c.GetTableSASURL(perms, time.Now(), time.Now().AddDate(1, 0, 0))
}

// A SAS written as text is an info finding too.
func written() (*aztables.ServiceClient, error) {
	return aztables.NewServiceClientWithNoCredential("https://quietacct.table.core.windows.net/?ss=t&srt=sco&sp=rwdlacu&st=2024-01-01&se=2025-01-01&sig=cXVpZXQ%3D", nil)
}
