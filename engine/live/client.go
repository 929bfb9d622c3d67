package live

import (
	"errors"
	"fmt"
	"net/url"
	"regexp"
	"slices"
	"strings"
	"time"

	"github.com/Azure/azure-sdk-for-go/sdk/azcore"
	"github.com/Azure/azure-sdk-for-go/sdk/azcore/policy"
	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
	"github.com/tablelint/tablelint/internal/devstore"
	"github.com/tablelint/tablelint/internal/limits"
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
		// Each try is bounded (a service that accepts connections and
		// never answers); Options.Timeout bounds the whole operation.
		// Short back-off: a dead endpoint is found in seconds, not
		// minutes (the service's Retry-After is still honoured).
		Retry: policy.RetryOptions{TryTimeout: limits.LiveRequestTimeout, RetryDelay: 200 * time.Millisecond, MaxRetryDelay: 2 * time.Second},
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

// Redactor returns a function that removes credentials from a message:
// the account key and the shared access signature of the connection
// string conn (whole, or any sig=, plain or URL-encoded), and any "sig="
// query parameter whatever its origin (Go's url.Error quotes the request
// URL, SAS included). Every message of a live replay goes through it.
func Redactor(conn string) func(string) string {
	var secrets []string
	add := func(v string) {
		if len(v) >= 4 {
			secrets = append(secrets, v, url.QueryEscape(v), url.PathEscape(v))
			if u, err := url.QueryUnescape(v); err == nil && u != v {
				secrets = append(secrets, u)
			}
		}
	}
	if kv, err := parseConnectionString(conn); err == nil {
		add(kv["accountkey"])
		if sas := strings.TrimPrefix(kv["sharedaccesssignature"], "?"); sas != "" {
			add(sas)
			if q, err := url.ParseQuery(sas); err == nil {
				add(q.Get("sig"))
			}
		}
	}
	// Longest first: a secret that holds another is removed whole.
	slices.SortFunc(secrets, func(a, b string) int { return len(b) - len(a) })
	return func(s string) string {
		for _, v := range secrets {
			s = strings.ReplaceAll(s, v, "REDACTED")
		}
		return sigParam.ReplaceAllString(s, "${1}REDACTED")
	}
}

// sigParam matches a sig= query parameter's value.
var sigParam = regexp.MustCompile(`(?i)((?:^|[?&;\s"'])sig(?:=|%3D))[^&\s"';]+`)

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
