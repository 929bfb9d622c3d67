// Package usage: counts how often an id was used; one entity per id,
// read with a point query that takes the first page only (a point
// query has at most one entity: nothing to page).
package usage

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/Azure/azure-sdk-for-go/sdk/azcore/to"
	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

type Tracker struct {
	c  *aztables.Client
	PK string
}

func (t *Tracker) get(ctx context.Context, id string) (map[string]any, error) {
	f := fmt.Sprintf("PartitionKey eq '%s' and RowKey eq '%s'", t.PK, id)
	o := &aztables.ListEntitiesOptions{Filter: &f, Top: to.Ptr(int32(1))}
	page, err := t.c.NewListEntitiesPager(o).NextPage(ctx)
	if err != nil || len(page.Entities) != 1 {
		return nil, err
	}
	var m map[string]any
	err = json.Unmarshal(page.Entities[0], &m)
	return m, err
}
