package tfentityb

import (
	"context"
	"encoding/json"
	"strings"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

// EntitiesQuery is the data source's configuration: a table, a filter the
// user must write, and the properties to return.
type EntitiesQuery struct {
	TableID string
	Filter  string
	Select  []string
}

// Item is one entity in the data source's result.
type Item struct {
	PartitionKey string
	RowKey       string
	Properties   map[string]string
}

func optionsFor(q EntitiesQuery) *aztables.ListEntitiesOptions {
	o := &aztables.ListEntitiesOptions{Filter: &q.Filter}
	if len(q.Select) > 0 {
		cols := strings.Join(append(q.Select, "RowKey", "PartitionKey"), ",")
		o.Select = &cols
	}
	return o
}

// ReadEntities sends the query once and keeps what the first response
// holds: more than one page of matches is cut short.
func ReadEntities(ctx context.Context, cs Clients, q EntitiesQuery) ([]Item, error) {
	c, err := cs.TableClient(ctx, q.TableID)
	if err != nil {
		return nil, err
	}
	pager := c.NewListEntitiesPager(optionsFor(q))
	page, err := pager.NextPage(ctx) // L: TL307
	if err != nil {
		return nil, err
	}
	return items(page.Entities)
}

// ReadAllEntities is the data source following every page (added twin).
func ReadAllEntities(ctx context.Context, cs Clients, q EntitiesQuery) ([]Item, error) {
	c, err := cs.TableClient(ctx, q.TableID)
	if err != nil {
		return nil, err
	}
	var all []Item
	pager := c.NewListEntitiesPager(optionsFor(q))
	for pager.More() {
		page, err := pager.NextPage(ctx) // S
		if err != nil {
			return nil, err
		}
		got, err := items(page.Entities)
		if err != nil {
			return nil, err
		}
		all = append(all, got...)
	}
	return all, nil
}

func items(rows [][]byte) ([]Item, error) {
	var out []Item
	for _, b := range rows {
		var raw map[string]any
		if err := json.Unmarshal(b, &raw); err != nil {
			return nil, err
		}
		it := Item{Properties: map[string]string{}}
		it.PartitionKey, _ = raw["PartitionKey"].(string)
		it.RowKey, _ = raw["RowKey"].(string)
		it.Properties = flatten(raw)
		if len(it.Properties) == 0 {
			continue // a projection can leave an entity empty
		}
		out = append(out, it)
	}
	return out, nil
}
