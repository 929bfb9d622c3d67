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

// readPerms is a helper whose result flow follows: read only.
func readPerms() string { return "r" }

// A helper's narrow permissions, and a key range from a helper's
// parameter: neither grants the whole table.
func helperNarrow(cred *aztables.SharedKeyCredential, tenant string) (string, error) {
	v := aztables.SASSignatureValues{TableName: "orders", Permissions: readPerms(), ExpiryTime: time.Now().Add(time.Hour)}
	w := aztables.SASSignatureValues{TableName: "orders", Permissions: "raud", StartPartitionKey: tenantKey(tenant), EndPartitionKey: tenantKey(tenant), ExpiryTime: time.Now().Add(time.Hour)}
	if _, err := w.Sign(cred); err != nil {
		return "", err
	}
	return v.Sign(cred)
}

func tenantKey(t string) string { return "tenant-" + t }
