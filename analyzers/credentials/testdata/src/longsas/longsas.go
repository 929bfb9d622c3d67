package longsas

import (
	"time"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

// Within -sas-max-expiry=8760h: silent.
func week(c *aztables.Client) (string, error) {
	return c.GetTableSASURL(aztables.SASPermissions{Read: true}, time.Now(), time.Now().Add(7*24*time.Hour))
}

func year(c *aztables.Client) (string, error) {
	return c.GetTableSASURL(aztables.SASPermissions{Read: true}, time.Now(), time.Now().AddDate(1, 0, 0))
}

// Over it.
func twoYears(c *aztables.Client) (string, error) {
	return c.GetTableSASURL(aztables.SASPermissions{Read: true}, time.Now(), time.Now().AddDate(2, 0, 0)) // want `TL602: the SAS stays valid for 17520h0m0s after it is issued, longer than 8760h0m0s`
}
