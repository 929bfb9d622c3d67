package nokeys

import (
	"os"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
	"github.com/Azure/azure-sdk-for-go/storage"
)

// Read at run time.
func fromEnv() (*aztables.SharedKeyCredential, error) {
	return aztables.NewSharedKeyCredential(os.Getenv("ACCOUNT_NAME"), os.Getenv("ACCOUNT_KEY"))
}

func connFromEnv() (*aztables.ServiceClient, error) {
	return aztables.NewServiceClientFromConnectionString(os.Getenv("TABLES_CONNECTION_STRING"), nil)
}

// A constant prefix with the key filled in at run time.
func builtKey(key string) (*aztables.Client, error) {
	return aztables.NewClientFromConnectionString("AccountName=myaccount;AccountKey="+key+";EndpointSuffix=core.windows.net", nil)
}

// The storage emulator's published key, and the emulator shortcut.
func emulator() (*aztables.SharedKeyCredential, error) {
	return aztables.NewSharedKeyCredential("devstoreaccount1", "Eby8vdM02xNOcqFlqUwJPLlmEtlCDXJ1OUzFT50uSRZ6IFsuFq2UVErCz4I6tq/K1SZFPTOtr/KBHBeksoGMGw==")
}

func devStorage() (*aztables.ServiceClient, error) {
	return aztables.NewServiceClientFromConnectionString("UseDevelopmentStorage=true", nil)
}

// Placeholders a reader must replace: not base64 keys.
func placeholder() (storage.Client, error) {
	return storage.NewBasicClient("myaccount", "<your-account-key>")
}

func placeholder2() (*aztables.SharedKeyCredential, error) {
	return aztables.NewSharedKeyCredential("myaccount", "YOUR_ACCOUNT_KEY")
}

// A SAS connection string: no key.
func sasConn() (*aztables.ServiceClient, error) {
	return aztables.NewServiceClientFromConnectionString("TableEndpoint=https://myaccount.table.core.windows.net/;SharedAccessSignature=sv=2019-02-02&sig=abc", nil)
}

// Every branch reads the key at run time or uses the emulator.
func branchConnEnv(local bool) (*aztables.ServiceClient, error) {
	cs := "AccountName=myaccount;AccountKey=" + os.Getenv("ACCOUNT_KEY")
	if local {
		cs = "UseDevelopmentStorage=true"
	}
	return aztables.NewServiceClientFromConnectionString(cs, nil)
}
