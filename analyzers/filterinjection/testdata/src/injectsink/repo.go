package injectsink

import (
	"fmt"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

type Repo struct{ c *aztables.Client }

// ByOwner is a sink: its parameter is checked at each call, not here.
func (r *Repo) ByOwner(owner string) {
	f := fmt.Sprintf("PartitionKey eq '%s'", owner)
	r.c.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &f})
}

// Raw takes a whole filter.
func (r *Repo) Raw(filter string) {
	r.c.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &filter})
}
