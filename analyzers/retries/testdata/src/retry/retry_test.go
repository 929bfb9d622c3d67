package retry

import (
	"testing"

	"github.com/Azure/azure-sdk-for-go/sdk/azcore"
	"github.com/Azure/azure-sdk-for-go/sdk/azcore/policy"
	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

// Tests turn retries off on purpose.
func TestLive(t *testing.T) {
	_, _ = aztables.NewClientWithNoCredential("http://127.0.0.1:10002/devstoreaccount1/t", &aztables.ClientOptions{
		ClientOptions: azcore.ClientOptions{Retry: policy.RetryOptions{MaxRetries: -1}},
	})
}
