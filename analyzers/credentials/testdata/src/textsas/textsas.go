package textsas

import (
	"fmt"
	"os"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
	"github.com/Azure/azure-sdk-for-go/storage"
)

// An account SAS with every permission, valid for thirty days, kept in a
// package constant and given to a service client.
const fleetEndpoint = "https://meterfleet.table.core.windows.net/?sv=2022-11-02&ss=t&srt=sco&sp=rwdlacu&st=2024-03-01T00:00:00Z&se=2024-03-31T00:00:00Z&spr=https&sig=c2lnbmF0dXJlLW9mLXRoZS1mbGVldA%3D%3D"

func fleet() (*aztables.ServiceClient, error) {
	return aztables.NewServiceClientWithNoCredential(fleetEndpoint, nil) // want `^TL602: the account SAS grants every table permission on every table for 720h0m0s, longer than 24h0m0s$`
}

// A table SAS for read, add, update and delete on the whole table, for
// two hours, joined to the table's URL.
const readings = "https://meterfleet.table.core.windows.net/Readings"

var readingsToken = "tn=Readings&sp=raud&st=2024-05-02T08:00Z&se=2024-05-02T10:00Z&sv=2019-02-02&sig=cmVhZGluZ3M%3D"

func readingsClient() (*aztables.Client, error) {
	return aztables.NewClientWithNoCredential(readings+"?"+readingsToken, nil) // want `TL602: the SAS grants every table permission \("raud"\) on the whole table`
}

// Read only, but for a week, in a connection string.
func auditConn() (*aztables.ServiceClient, error) {
	cs := "TableEndpoint=https://meterfleet.table.core.windows.net/;SharedAccessSignature=sv=2020-08-04&ss=t&srt=o&sp=rl&st=2024-06-01&se=2024-06-08&sig=YXVkaXQ%3D"
	return aztables.NewServiceClientFromConnectionString(cs, nil) // want `TL602: the SAS stays valid for 168h0m0s after it is issued`
}

// The account is configured; the token is written in the code, formatted
// into the URL by a helper whose every caller is seen.
func tariffs() (*aztables.Client, error) {
	return open(os.Getenv("METER_ACCOUNT"), "sv=2021-04-10&ss=bt&srt=co&sp=rwdlacup&se=2025-01-01T00:00:00Z&sig=dGFyaWZm")
}

func open(account, token string) (*aztables.Client, error) {
	u := fmt.Sprintf("https://%s.table.core.windows.net/Tariffs?%s", account, token)
	return aztables.NewClientWithNoCredential(u, nil) // want `TL602: the account SAS grants every table permission \("rwdlacup"\)`
}

// The legacy SDK: a token beside its endpoint, and a connection string
// whose times are escaped.
const legacyToken = "?sv=2018-03-28&ss=t&srt=sco&sp=rwdlacu&se=2030-12-31T23:59:59Z&sig=bGVnYWN5"

func legacy() (storage.Client, error) {
	return storage.NewAccountSASClientFromEndpointToken("https://meterfleet.table.core.windows.net", legacyToken) // want `TL602: the account SAS grants every table permission \("rwdlacu"\)`
}

func legacyConn() (storage.Client, error) {
	return storage.NewClientFromConnectionString("TableEndpoint=https://meterfleet.table.core.windows.net;SharedAccessSignature=sv=2018-03-28&tn=Meters&sp=r&st=2024-01-01T00%3A00%3A00Z&se=2024-01-03T00%3A00%3A00Z&sig=bWV0ZXJz") // want `TL602: the SAS stays valid for 48h0m0s`
}

// One branch reads the URL from the environment, the other has a token
// written in: the token is still in the code.
func either(local bool) (*aztables.Client, error) {
	u := os.Getenv("METERS_URL")
	if !local {
		u = readings + "?tn=Readings&sp=raud&se=2024-09-01&sig=ZWl0aGVy"
	}
	return aztables.NewClientWithNoCredential(u, nil) // want `TL602: the SAS grants every table permission \("raud"\)`
}

// Both at once, in a token a package variable builds from constants: one
// finding.
const allOps = "raud"

var dockToken = "tn=Docks&sp=" + allOps + "&st=2024-02-01&se=2024-02-15&sig=ZG9jaw%3D%3D"

func docks() (*aztables.Client, error) {
	return aztables.NewClientWithNoCredential("https://meterfleet.table.core.windows.net/Docks?"+dockToken, nil) // want `^TL602: the SAS grants every table permission on the whole table for 336h0m0s, longer than 24h0m0s$`
}
