// Package kvclic is a small command-line tool over one Table account: list,
// create and drop tables, put and read key/value rows, dump or purge rows by a
// filter given on the command line. The account defaults to Cosmos DB for
// Table; KVCLI_KIND=storage points it at a storage account instead.
package kvclic

import (
	"fmt"
	"log"
	"os"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

const (
	cosmosEndpoint  = "https://%s.table.cosmos.azure.com/"
	storageEndpoint = "https://%s.table.core.windows.net/"
)

func requireEnv(name string) string {
	v := os.Getenv(name)
	if v == "" {
		log.Fatalf("environment variable %s is not set", name)
	}
	return v
}

// openAccount builds the service client from the environment each time a
// command runs.
func openAccount() (*aztables.ServiceClient, error) {
	acct := requireEnv("KVCLI_ACCOUNT")
	secret := requireEnv("KVCLI_SECRET")
	cred, err := aztables.NewSharedKeyCredential(acct, secret) // S
	if err != nil {
		return nil, err
	}
	pattern := cosmosEndpoint
	if os.Getenv("KVCLI_KIND") == "storage" {
		pattern = storageEndpoint
	}
	return aztables.NewServiceClientWithSharedKey(fmt.Sprintf(pattern, acct), cred, &aztables.ClientOptions{})
}

func tableClient(name string) (*aztables.Client, error) {
	svc, err := openAccount()
	if err != nil {
		return nil, err
	}
	return svc.NewClient(name), nil
}
