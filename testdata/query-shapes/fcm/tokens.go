// Package fcm: push tokens partitioned by group id (a UUID).
package fcm

import (
	"context"
	"fmt"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
	"github.com/google/uuid"
)

type Tokens struct{ t *aztables.Client }

func (r *Tokens) Active(ctx context.Context, group uuid.UUID) int {
	filter := fmt.Sprintf("PartitionKey eq '%s' and IsActive eq true", group.String())
	p := r.t.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &filter})
	n := 0
	for p.More() {
		page, err := p.NextPage(ctx)
		if err != nil {
			break
		}
		n += len(page.Entities)
	}
	return n
}
