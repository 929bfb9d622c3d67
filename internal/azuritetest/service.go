package azuritetest

import (
	"testing"

	"github.com/Azure/azure-sdk-for-go/sdk/azcore"
	"github.com/Azure/azure-sdk-for-go/sdk/azcore/policy"
	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
	"github.com/tablelint/tablelint/internal/devstore"
)

// Service returns a client of the Azurite Table endpoint (see Endpoint)
// signed with the emulators' development account. With opts nil the
// client does not retry, so a test sees the first answer Azurite gives.
func Service(tb testing.TB, opts *aztables.ClientOptions) *aztables.ServiceClient {
	tb.Helper()
	ep := Endpoint(tb)
	cred, err := aztables.NewSharedKeyCredential(devstore.Account, devstore.Key)
	if err != nil {
		tb.Fatal(err)
	}
	if opts == nil {
		opts = &aztables.ClientOptions{ClientOptions: azcore.ClientOptions{Retry: policy.RetryOptions{MaxRetries: -1}}}
	}
	svc, err := aztables.NewServiceClientWithSharedKey(ep, cred, opts)
	if err != nil {
		tb.Fatal(err)
	}
	return svc
}
