package retry

import (
	"time"

	"github.com/Azure/azure-sdk-for-go/sdk/azcore"
	"github.com/Azure/azure-sdk-for-go/sdk/azcore/policy"
	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

// More retries, and the default.
func tuned(url string, cred azcore.TokenCredential) (*aztables.Client, error) {
	return aztables.NewClient(url, cred, &aztables.ClientOptions{
		ClientOptions: azcore.ClientOptions{Retry: policy.RetryOptions{MaxRetries: 5, RetryDelay: time.Second, StatusCodes: []int{429, 503}}},
	})
}

func defaults(url string, cred azcore.TokenCredential) (*aztables.Client, error) {
	return aztables.NewClient(url, cred, &aztables.ClientOptions{ClientOptions: azcore.ClientOptions{Retry: policy.RetryOptions{MaxRetries: 0}}})
}

// Another service's options, never given to a Table client.
type BlobOptions struct{ policy.ClientOptions }

func blob() BlobOptions {
	return BlobOptions{ClientOptions: policy.ClientOptions{Retry: policy.RetryOptions{MaxRetries: -1}}}
}

// Computed at run time.
func configured(url string, cred azcore.TokenCredential, n int32) (*aztables.Client, error) {
	return aztables.NewClient(url, cred, &aztables.ClientOptions{ClientOptions: azcore.ClientOptions{Retry: policy.RetryOptions{MaxRetries: n}}})
}

// Whole retry options assigned with retries left on.
func patient(endpoint string) (*aztables.Client, error) {
	cfg := &aztables.ClientOptions{}
	cfg.Retry = policy.RetryOptions{MaxRetries: 8, MaxRetryDelay: time.Minute}
	cfg.ClientOptions.Retry.StatusCodes = []int{408, 429, 500, 503}
	return aztables.NewClientWithNoCredential(endpoint, cfg)
}

// Another client's options assigned whole.
func blobAssigned() BlobOptions {
	var b BlobOptions
	b.Retry = policy.RetryOptions{MaxRetries: -1}
	b.ClientOptions = policy.ClientOptions{Retry: policy.RetryOptions{StatusCodes: []int{}}}
	return b
}

// Decided at run time.
func fromConfig(endpoint string, tries int32) (*aztables.Client, error) {
	var cfg aztables.ClientOptions
	cfg.Retry = policy.RetryOptions{MaxRetries: tries}
	return aztables.NewClientWithNoCredential(endpoint, &cfg)
}
