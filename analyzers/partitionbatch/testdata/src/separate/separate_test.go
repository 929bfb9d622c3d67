package separate

import (
	"context"
	"testing"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

// Fixtures, one by one on purpose.
func TestFixtures(t *testing.T) {
	var c *aztables.Client
	for _, id := range []string{"a", "b", "c"} {
		if _, err := c.DeleteEntity(context.Background(), "fixtures", id, nil); err != nil {
			return
		}
	}
}
