// Package sasissuer hands table SAS URLs to browser clients (shape of a
// token endpoint).
package sasissuer

import (
	"time"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

// ForPartner gives a partner integration full access for a year.
func ForPartner(c *aztables.Client) (string, error) {
	now := time.Now().UTC()
	perms := aztables.SASPermissions{Read: true, Add: true, Update: true, Delete: true}
	return c.GetTableSASURL(perms, now, now.AddDate(1, 0, 0)) // L: TL602 TL602
}

// ForUser gives a signed-in user read access to their own partition for
// an hour.
func ForUser(c *aztables.Client, user string) (string, error) {
	now := time.Now().UTC()
	perms := aztables.SASPermissions{Read: true, StartPartitionKey: user, EndPartitionKey: user} // S
	return c.GetTableSASURL(perms, now, now.Add(time.Hour))                                      // S
}
