package live

import (
	"errors"
	"fmt"
	"net/url"
	"strings"

	"github.com/Azure/azure-sdk-for-go/sdk/azcore"
	"github.com/Azure/azure-sdk-for-go/sdk/azcore/policy"
	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
	"github.com/tablelint/tablelint/internal/devstore"
)

// ConnectionStringVar is the environment variable the credentials are
// read from, the one Azure's own tools read.
const ConnectionStringVar = "AZURE_STORAGE_CONNECTION_STRING"

// TokenCredential returns the credential used when there is no
// connection string (azidentity's DefaultAzureCredential in the
// command). When it is nil, a connection string is required.
var TokenCredential func() (azcore.TokenCredential, error)

// NewClient returns a client of the Table service at target, with the
// credentials of the connection string conn (the value of
// AZURE_STORAGE_CONNECTION_STRING): its account name and key, or its
// shared access signature. The endpoint is always target; the
// connection string's endpoints are not used. With no connection
// string, TokenCredential is used.
func NewClient(target, conn string) (*aztables.ServiceClient, error) {
	u, err := url.Parse(target)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return nil, fmt.Errorf("--target %q is not an http(s) URL of a Table endpoint", target)
	}
	opts := &aztables.ClientOptions{ClientOptions: azcore.ClientOptions{
		PerRetryPolicies: []policy.Policy{Meter},
	}}
	if strings.TrimSpace(conn) == "" {
		if TokenCredential == nil {
			return nil, fmt.Errorf("no credentials: set %s (this build has no Microsoft Entra ID sign-in)", ConnectionStringVar)
		}
		cred, err := TokenCredential()
		if err != nil {
			return nil, fmt.Errorf("no %s, and DefaultAzureCredential failed: %v", ConnectionStringVar, err)
		}
		return aztables.NewServiceClient(target, cred, opts)
	}
	kv, err := parseConnectionString(conn)
	if err != nil {
		return nil, fmt.Errorf("%s: %v", ConnectionStringVar, err)
	}
	if strings.EqualFold(kv["usedevelopmentstorage"], "true") {
		kv["accountname"], kv["accountkey"] = devstore.Account, devstore.Key
	}
	if sas := kv["sharedaccesssignature"]; sas != "" && kv["accountkey"] == "" {
		t := strings.TrimSuffix(target, "/")
		sep := "?"
		if strings.Contains(t, "?") {
			sep = "&"
		}
		return aztables.NewServiceClientWithNoCredential(t+sep+strings.TrimPrefix(sas, "?"), opts)
	}
	if kv["accountname"] == "" || kv["accountkey"] == "" {
		return nil, fmt.Errorf("%s has neither AccountName and AccountKey nor SharedAccessSignature", ConnectionStringVar)
	}
	cred, err := aztables.NewSharedKeyCredential(kv["accountname"], kv["accountkey"])
	if err != nil {
		return nil, fmt.Errorf("%s: %v", ConnectionStringVar, err)
	}
	return aztables.NewServiceClientWithSharedKey(target, cred, opts)
}

// parseConnectionString reads "Key=Value;Key=Value" into lower-case
// keys. Values may contain '=' (account keys end with it).
func parseConnectionString(s string) (map[string]string, error) {
	kv := map[string]string{}
	for _, part := range strings.Split(s, ";") {
		part = strings.TrimSpace(part)
		if part == "" {
			continue
		}
		k, v, ok := strings.Cut(part, "=")
		if !ok {
			return nil, errors.New("not a connection string (want Key=Value;Key=Value)")
		}
		kv[strings.ToLower(strings.TrimSpace(k))] = strings.TrimSpace(v)
	}
	return kv, nil
}
