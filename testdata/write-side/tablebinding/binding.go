// Package tablebinding is an output binding that writes request data to
// a table: shared key when the component's metadata has one, Microsoft
// Entra ID otherwise.
package tablebinding

import (
	"context"
	"fmt"
	"strconv"

	"github.com/Azure/azure-sdk-for-go/sdk/azcore"
	"github.com/Azure/azure-sdk-for-go/sdk/azcore/policy"
	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

// Metadata is the component's configuration.
type Metadata struct {
	AccountName, AccountKey, TableName string
	MaxRetries                         string
}

// Binding writes to one table.
type Binding struct {
	client *aztables.Client
}

// Init builds the client.
func (b *Binding) Init(meta Metadata, token azcore.TokenCredential) error {
	url := fmt.Sprintf("https://%s.table.core.windows.net", meta.AccountName)
	retries := int32(3)
	if meta.MaxRetries != "" {
		n, err := strconv.Atoi(meta.MaxRetries)
		if err != nil {
			return err
		}
		retries = int32(n)
	}
	opts := aztables.ClientOptions{ClientOptions: policy.ClientOptions{Retry: policy.RetryOptions{MaxRetries: retries}}} // S
	var svc *aztables.ServiceClient
	if meta.AccountKey != "" {
		cred, err := aztables.NewSharedKeyCredential(meta.AccountName, meta.AccountKey) // S
		if err != nil {
			return err
		}
		if svc, err = aztables.NewServiceClientWithSharedKey(url, cred, &opts); err != nil {
			return err
		}
	} else {
		var err error
		if svc, err = aztables.NewServiceClient(url, token, &opts); err != nil {
			return err
		}
	}
	b.client = svc.NewClient(meta.TableName)
	return nil
}

// Invoke upserts the request's row.
func (b *Binding) Invoke(ctx context.Context, data []byte) error {
	_, err := b.client.UpsertEntity(ctx, data, nil)
	return err
}
