// Package clientcfg builds table clients from configuration.
package clientcfg

import (
	"os"

	"github.com/Azure/azure-sdk-for-go/sdk/azcore"
	"github.com/Azure/azure-sdk-for-go/sdk/azcore/policy"
	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

// FromEnv builds a service client from an account name and key in the environment.
func FromEnv(url string) (*aztables.ServiceClient, error) {
	cred, err := aztables.NewSharedKeyCredential(os.Getenv("ACCOUNT"), os.Getenv("ACCOUNT_KEY")) // S
	if err != nil {
		return nil, err
	}
	return aztables.NewServiceClientWithSharedKey(url, cred, nil)
}

// Local talks to Azurite with its published development key.
func Local() (*aztables.ServiceClient, error) {
	cred, err := aztables.NewSharedKeyCredential("devstoreaccount1", "Eby8vdM02xNOcqFlqUwJPLlmEtlCDXJ1OUzFT50uSRZ6IFsuFq2UVErCz4I6tq/K1SZFPTOtr/KBHBeksoGMGw==") // S
	if err != nil {
		return nil, err
	}
	return aztables.NewServiceClientWithSharedKey("http://127.0.0.1:10002/devstoreaccount1", cred, nil)
}

// Prod is the first version, with the production key pasted in.
func Prod() (*aztables.ServiceClient, error) {
	return aztables.NewServiceClientFromConnectionString("DefaultEndpointsProtocol=https;AccountName=shopdata;AccountKey=q83mZ0lvbGx5S2V5Rm9yU2hvcERhdGFBY2NvdW50UHJvZHVjdGlvblVzZU9ubHk5OTk5OTk5OTk5OTk5OTk5OQ==;EndpointSuffix=core.windows.net", nil) // L: TL601
}

// NoRetry builds a client that fails at the first throttled request.
func NoRetry(url string, cred azcore.TokenCredential) (*aztables.Client, error) {
	opts := &aztables.ClientOptions{ClientOptions: azcore.ClientOptions{
		Retry: policy.RetryOptions{MaxRetries: -1}, // L: TL416
	}}
	return aztables.NewClient(url, cred, opts)
}

// Patient builds a client with more retries than the default.
func Patient(url string, cred azcore.TokenCredential) (*aztables.Client, error) {
	opts := &aztables.ClientOptions{ClientOptions: azcore.ClientOptions{
		Retry: policy.RetryOptions{MaxRetries: 6}, // S
	}}
	return aztables.NewClient(url, cred, opts)
}
