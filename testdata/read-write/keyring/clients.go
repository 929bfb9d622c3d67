// Package keyring builds table clients for a command-line tool (shape of
// a CLI that shipped with its account key).
package keyring

import (
	"fmt"
	"os"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

// Default opens the production account.
func Default() (*aztables.ServiceClient, error) {
	cred, err := aztables.NewSharedKeyCredential("contosoprod", "q7Vv0m9Zb3XzR2kPfT8nLwYcA5sHdJ1eGuK4iMoN6pQrS0tUvWxYz2B3C4D5E6F7G8H9I0J1K2L3M4N5O6P7Qg==") // L: TL601
	if err != nil {
		return nil, err
	}
	return aztables.NewServiceClientWithSharedKey("https://contosoprod.table.core.windows.net", cred, nil)
}

// FromEnv opens the account named in the environment.
func FromEnv() (*aztables.ServiceClient, error) {
	name, key := os.Getenv("TABLES_ACCOUNT"), os.Getenv("TABLES_KEY")
	cred, err := aztables.NewSharedKeyCredential(name, key) // S
	if err != nil {
		return nil, err
	}
	return aztables.NewServiceClientWithSharedKey(fmt.Sprintf("https://%s.table.core.windows.net", name), cred, nil)
}

// Docs is the client the README shows, with a placeholder.
func Docs() (*aztables.ServiceClient, error) {
	cred, err := aztables.NewSharedKeyCredential("myaccount", "myAccountKey") // S
	if err != nil {
		return nil, err
	}
	return aztables.NewServiceClientWithSharedKey("https://myaccount.table.core.windows.net", cred, nil)
}
