// Package retrycfg makes the table client of a latency-sensitive API that
// fails fast (shape of a service that turned retries off).
package retrycfg

import (
	"time"

	"github.com/Azure/azure-sdk-for-go/sdk/azcore"
	"github.com/Azure/azure-sdk-for-go/sdk/azcore/policy"
	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

// FailFast never retries.
func FailFast(cs string) (*aztables.Client, error) {
	opts := &aztables.ClientOptions{ClientOptions: azcore.ClientOptions{Retry: policy.RetryOptions{MaxRetries: -1}}} // L: TL416
	return aztables.NewClientFromConnectionString(cs, opts)
}

// Patient retries with a short try timeout.
func Patient(cs string) (*aztables.Client, error) {
	opts := &aztables.ClientOptions{ClientOptions: azcore.ClientOptions{Retry: policy.RetryOptions{MaxRetries: 5, TryTimeout: 10 * time.Second}}} // S
	return aztables.NewClientFromConnectionString(cs, opts)
}
