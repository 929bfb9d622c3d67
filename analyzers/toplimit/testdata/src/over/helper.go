package over

import "github.com/Azure/azure-sdk-for-go/sdk/data/aztables"

// The package's own pointer helper, generic or not.
func ptr[T any](v T) *T { return &v }

func i32(n int32) *int32 { return &n }

func helpers(c *aztables.Client) {
	_ = c.NewListEntitiesPager(&aztables.ListEntitiesOptions{Top: ptr(int32(5000))}) // want `TL309: \$top 5000`
	_ = c.NewListEntitiesPager(&aztables.ListEntitiesOptions{Top: i32(2000)})        // want `TL309: \$top 2000`
}

// Silent: a helper that does something else with its argument.
func clamp(n int32) *int32 {
	n = min(n, 1000)
	return &n
}

func clamped(c *aztables.Client) {
	_ = c.NewListEntitiesPager(&aztables.ListEntitiesOptions{Top: clamp(5000)})
}
