package textsasnarrow

import (
	"os"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
	"github.com/Azure/azure-sdk-for-go/storage"
)

const base = "https://meterfleet.table.core.windows.net/Readings"

// Read only, for an hour.
func reader() (*aztables.Client, error) {
	return aztables.NewClientWithNoCredential(base+"?tn=Readings&sp=r&st=2024-05-02T08:00:00Z&se=2024-05-02T09:00:00Z&sig=cg%3D%3D", nil)
}

// Every table permission on one meter's partition, for a day exactly.
func oneMeter() (*aztables.Client, error) {
	return aztables.NewClientWithNoCredential(base+"?tn=Readings&sp=raud&spk=meter-17&epk=meter-17&st=2024-05-02&se=2024-05-03&sig=bTE3", nil)
}

// The token comes from the environment.
func configured() (*aztables.Client, error) {
	return aztables.NewClientWithNoCredential(base+"?"+os.Getenv("READINGS_SAS"), nil)
}

func configuredConn() (*aztables.ServiceClient, error) {
	return aztables.NewServiceClientFromConnectionString("TableEndpoint=https://meterfleet.table.core.windows.net/;SharedAccessSignature="+os.Getenv("FLEET_SAS"), nil)
}

// The permissions are chosen at run time.
func chosen(perms string) (*aztables.ServiceClient, error) {
	return aztables.NewServiceClientWithNoCredential("https://meterfleet.table.core.windows.net/?ss=t&srt=o&sp="+perms+"&se=2030-01-01&sig=Y2hvc2Vu", nil)
}

// No SAS: a URL alone (the credential comes elsewhere), and query
// parameters that are not a SAS.
func plain() (*aztables.Client, error) {
	return aztables.NewClientWithNoCredential(base, nil)
}

func notSAS() (*aztables.Client, error) {
	return aztables.NewClientWithNoCredential(base+"?sp=raud&se=2030-01-01&st=2020-01-01", nil)
}

// An account SAS for blobs only is no table SAS.
func blobs() (*aztables.ServiceClient, error) {
	return aztables.NewServiceClientWithNoCredential("https://meterfleet.table.core.windows.net/?ss=b&srt=sco&sp=rwdlacu&st=2024-01-01&se=2025-01-01&sig=YmxvYg%3D%3D", nil)
}

// No start: how long the token lives is not in it.
func noStart() (storage.Client, error) {
	return storage.NewAccountSASClientFromEndpointToken("https://meterfleet.table.core.windows.net", "sv=2018-03-28&ss=t&srt=o&sp=rl&se=2030-01-01&sig=bm9zdGFydA%3D%3D")
}

// A key and a SAS: aztables signs with the key (TL601's business) and
// drops the SAS.
func keyWins(key string) (*aztables.ServiceClient, error) {
	return aztables.NewServiceClientFromConnectionString("AccountName=meterfleet;AccountKey="+key+";SharedAccessSignature=ss=t&srt=o&sp=rwdlacu&st=2024-01-01&se=2025-01-01&sig=a2V5", nil)
}
