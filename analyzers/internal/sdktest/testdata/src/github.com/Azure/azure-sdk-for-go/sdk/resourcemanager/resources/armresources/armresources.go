// Package armresources is a test stub of an ARM client whose list
// options also carry an OData $filter (not a Table storage filter).
package armresources

import "github.com/Azure/azure-sdk-for-go/sdk/azcore/runtime"

type Client struct{}

type ClientListOptions struct {
	Expand *string
	Filter *string
	Top    *int32
}

type ClientListResponse struct{ Value []string }

func (c *Client) NewListPager(options *ClientListOptions) *runtime.Pager[ClientListResponse] {
	return nil
}
