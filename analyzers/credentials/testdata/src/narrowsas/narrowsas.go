package narrowsas

import (
	"time"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

// Read-only, one partition, one hour.
func readOne(c *aztables.Client, tenant string) (string, error) {
	perms := aztables.SASPermissions{Read: true, StartPartitionKey: tenant, EndPartitionKey: tenant}
	return c.GetTableSASURL(perms, time.Now(), time.Now().Add(time.Hour))
}

// Every permission, but on one partition only.
func tenantWriter(c *aztables.Client, tenant string) (string, error) {
	perms := aztables.SASPermissions{Read: true, Add: true, Update: true, Delete: true, StartPartitionKey: tenant, EndPartitionKey: tenant}
	return c.GetTableSASURL(perms, time.Now(), time.Now().Add(24*time.Hour))
}

// Permissions set field by field, and a lifetime from configuration:
// not reconstructed.
func configured(c *aztables.Client, ttl time.Duration) (string, error) {
	var perms aztables.SASPermissions
	perms.Read = true
	return c.GetTableSASURL(perms, time.Now(), time.Now().Add(ttl))
}

// An expiry relative to something else than the issue time.
func untilDeadline(c *aztables.Client, deadline time.Time) (string, error) {
	return c.GetTableSASURL(aztables.SASPermissions{Read: true}, time.Now(), deadline.Add(72*time.Hour))
}

func values(cred *aztables.SharedKeyCredential) (string, error) {
	return aztables.SASSignatureValues{
		TableName:   "orders",
		Permissions: "r",
		ExpiryTime:  time.Now().Add(15 * time.Minute),
	}.Sign(cred)
}

// A day exactly, with the usual clock-skew start.
func day(c *aztables.Client) (string, error) {
	start := time.Now().Add(-1 * time.Hour).UTC()
	expiry := time.Now().Add(24 * time.Hour).UTC()
	return c.GetTableSASURL(aztables.SASPermissions{Read: true, Add: true}, start, expiry)
}
