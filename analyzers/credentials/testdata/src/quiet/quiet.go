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
