// Package provision creates the tables of a new environment with a
// connection string built from the key the management API returns
// (shape of an environment bootstrapper).
package provision

import (
	"context"
	"fmt"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

const (
	tableEventLog  = "EventLog"
	tableResources = "ResourceRegistry"
)

// KeyLister returns the account's keys (the management client in the
// original).
type KeyLister interface {
	Keys(ctx context.Context, account string) ([]string, error)
}

// Tables creates the environment's tables and returns the connection string.
func Tables(ctx context.Context, keys KeyLister, account string) (string, error) {
	ks, err := keys.Keys(ctx, account)
	if err != nil {
		return "", err
	}
	if len(ks) == 0 {
		return "", fmt.Errorf("no keys for %s", account)
	}
	cs := fmt.Sprintf("DefaultEndpointsProtocol=https;AccountName=%s;AccountKey=%s;EndpointSuffix=core.windows.net", account, ks[0])
	svc, err := aztables.NewServiceClientFromConnectionString(cs, nil) // S
	if err != nil {
		return "", err
	}
	for _, name := range []string{tableEventLog, tableResources} {
		if _, err := svc.CreateTable(ctx, name, nil); err != nil { // S
			return "", fmt.Errorf("create %s: %w", name, err)
		}
	}
	return cs, nil
}
