package sas

import (
	"time"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

func everything(c *aztables.Client) (string, error) {
	perms := aztables.SASPermissions{Read: true, Add: true, Update: true, Delete: true}
	return c.GetTableSASURL(perms, time.Now(), time.Now().Add(time.Hour)) // want `TL602: the SAS grants every table permission`
}

func week(c *aztables.Client) (string, error) {
	start := time.Now().UTC()
	return c.GetTableSASURL(aztables.SASPermissions{Read: true, StartPartitionKey: "tenant1", EndPartitionKey: "tenant1"}, start, start.Add(7*24*time.Hour)) // want `TL602: the SAS stays valid for 168h0m0s after it is issued, longer than 24h0m0s`
}

func year(s *aztables.ServiceClient) (string, error) {
	all := aztables.AccountSASPermissions{Read: true, Write: true, Delete: true, List: true, Add: true, Create: true, Update: true}
	return s.GetAccountSASURL(aztables.AccountSASResourceTypes{Object: true}, all, time.Now(), time.Now().AddDate(1, 0, 0)) // want `TL602: the account SAS grants every table permission` `TL602: the SAS stays valid for 8760h0m0s`
}

func values(cred *aztables.SharedKeyCredential) (string, error) {
	return aztables.SASSignatureValues{ // want `TL602: the SAS grants every table permission \("raud"\)`
		TableName:   "orders",
		Permissions: aztables.SASPermissions{Read: true, Add: true, Update: true, Delete: true}.String(),
		ExpiryTime:  time.Now().Add(48 * time.Hour), // want `TL602: the SAS stays valid for 48h0m0s`
	}.Sign(cred)
}

func account(cred *aztables.SharedKeyCredential) (aztables.SASQueryParameters, error) {
	return aztables.AccountSASSignatureValues{ // want `TL602: the account SAS grants every table permission \("rwdlacup"\)`
		Permissions:   "rwdlacup",
		Services:      "t",
		ResourceTypes: "sco",
		ExpiryTime:    time.Now().Add(time.Hour),
	}.Sign(cred)
}

func utc(c *aztables.Client) (string, error) {
	start := time.Now().Add(-time.Hour).UTC()
	expiry := time.Now().Add(30 * 24 * time.Hour).UTC()
	return c.GetTableSASURL(aztables.SASPermissions{Read: true}, start, expiry) // want `TL602: the SAS stays valid for 720h0m0s`
}

// allPerms is a helper whose result flow follows into the literal.
func allPerms() string { return "raud" }

func helperPerms(cred *aztables.SharedKeyCredential) (string, error) {
	return aztables.SASSignatureValues{ // want `TL602: the SAS grants every table permission \("raud"\)`
		TableName:   "orders",
		Permissions: allPerms(),
		ExpiryTime:  time.Now().Add(time.Hour),
	}.Sign(cred)
}
