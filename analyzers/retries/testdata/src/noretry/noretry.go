package noretry

import (
	"github.com/Azure/azure-sdk-for-go/sdk/azcore"
	"github.com/Azure/azure-sdk-for-go/sdk/azcore/policy"
	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

func client(url string, cred azcore.TokenCredential) (*aztables.Client, error) {
	return aztables.NewClient(url, cred, &aztables.ClientOptions{
		ClientOptions: azcore.ClientOptions{Retry: policy.RetryOptions{MaxRetries: -1}}, // want `TL416: MaxRetries -1 turns off retries for this Table client`
	})
}

func statusCodes(url string) (*aztables.Client, error) {
	retry := policy.RetryOptions{StatusCodes: []int{}} // want `TL416: an empty StatusCodes turns off retries`
	opts := &aztables.ClientOptions{ClientOptions: policy.ClientOptions{Retry: retry}}
	return aztables.NewClientWithNoCredential(url, opts)
}

func assigned(conn string) (*aztables.ServiceClient, error) {
	var opts aztables.ClientOptions
	opts.Retry.MaxRetries = -1 // want `TL416: MaxRetries -1`
	return aztables.NewServiceClientFromConnectionString(conn, &opts)
}

// The retry options assigned whole, after the options value is made.
func failFast(endpoint string, cred azcore.TokenCredential) (*aztables.Client, error) {
	o := new(aztables.ClientOptions)
	o.Retry = policy.RetryOptions{StatusCodes: []int{}} // want `TL416: an empty StatusCodes turns off retries`
	return aztables.NewClient(endpoint, cred, o)
}

func noRetryAtAll(endpoint string) (*aztables.Client, error) {
	var cfg aztables.ClientOptions
	cfg.ClientOptions = azcore.ClientOptions{Retry: policy.RetryOptions{MaxRetries: -3}} // want `TL416: MaxRetries -3`
	return aztables.NewClientWithNoCredential(endpoint, &cfg)
}

func spelledOut(endpoint string) (*aztables.Client, error) {
	cfg := aztables.ClientOptions{}
	once := policy.RetryOptions{MaxRetries: -1} // want `TL416: MaxRetries -1`
	cfg.ClientOptions.Retry = once
	return aztables.NewClientWithNoCredential(endpoint, &cfg)
}
