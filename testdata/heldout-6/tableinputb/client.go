// Package tableinputb is a stream processor's table input and table lookup
// stage: rows of a table become messages, page by page, and messages are
// enriched from a table.
package tableinputb

import (
	"errors"
	"fmt"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

// Creds are the storage fields of a component's configuration.
type Creds struct {
	Account    string
	AccessKey  string
	ConnString string
}

const endpointFmt = "https://%s.table.core.windows.net"

// serviceFor picks the first way to authenticate the configuration allows.
func serviceFor(c Creds) (*aztables.ServiceClient, error) {
	switch {
	case c.ConnString != "":
		return aztables.NewServiceClientFromConnectionString(c.ConnString, &aztables.ClientOptions{}) // S
	case c.Account != "" && c.AccessKey != "":
		cred, err := aztables.NewSharedKeyCredential(c.Account, c.AccessKey) // S
		if err != nil {
			return nil, err
		}
		return aztables.NewServiceClientWithSharedKey(fmt.Sprintf(endpointFmt, c.Account), cred, nil)
	}
	return nil, errors.New("no usable storage credentials")
}
