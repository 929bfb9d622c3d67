// Package sasissue hands out table SAS URLs to clients.
package sasissue

import (
	"time"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

// ForUpload gives a device full access to its table for a year.
func ForUpload(t aztables.Client) (string, error) {
	perms := aztables.SASPermissions{Read: true, Add: true, Update: true, Delete: true}
	now := time.Now().UTC()
	return t.GetTableSASURL(perms, now, now.AddDate(1, 0, 0)) // L: TL602 TL602
}

// ForViewer gives read access to one partition for an hour.
func ForViewer(t aztables.Client, tenant string) (string, error) {
	perms := aztables.SASPermissions{Read: true, StartPartitionKey: tenant, EndPartitionKey: tenant} // S
	now := time.Now().UTC()
	return t.GetTableSASURL(perms, now, now.Add(time.Hour)) // S
}
