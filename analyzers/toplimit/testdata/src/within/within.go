package within

import (
	"github.com/Azure/azure-sdk-for-go/sdk/azcore/to"
	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

func page(c *aztables.Client) {
	_ = c.NewListEntitiesPager(&aztables.ListEntitiesOptions{Top: to.Ptr(int32(1000))})
	_ = c.NewListEntitiesPager(&aztables.ListEntitiesOptions{Top: to.Ptr(int32(10))})
}

// Run-time values are not known.
func configured(c *aztables.Client, n int32) {
	_ = c.NewListEntitiesPager(&aztables.ListEntitiesOptions{Top: &n})
}

// Another type with a Top field.
type Options struct{ Top *int32 }

func other() Options { return Options{Top: to.Ptr(int32(5000))} }
