package pagewrapa

import (
	"context"
	"encoding/json"
	"strings"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

// Item is one stocked item of a warehouse.
type Item struct {
	Warehouse string
	SKU       string
	Name      string
	Count     int32
}

// Inventory is the code under test: every call goes through the interfaces.
type Inventory struct {
	api  TableAPI
	list Lister
}

// NewInventory wires the inventory to a client and a lister.
func NewInventory(api TableAPI, list Lister) *Inventory {
	return &Inventory{api: api, list: list}
}

func toItem(raw []byte) (Item, error) {
	var e aztables.EDMEntity
	if err := json.Unmarshal(raw, &e); err != nil {
		return Item{}, err
	}
	it := Item{Warehouse: e.PartitionKey, SKU: e.RowKey}
	it.Name, _ = e.Properties["Name"].(string)
	it.Count, _ = e.Properties["Count"].(int32)
	return it, nil
}

// drain reads every page of p.
func drain(ctx context.Context, p Pages) ([]Item, error) {
	var out []Item
	for p.More() {
		page, err := p.NextPage(ctx) // S
		if err != nil {
			return nil, err
		}
		for _, raw := range page.Entities {
			it, err := toItem(raw)
			if err != nil {
				return nil, err
			}
			out = append(out, it)
		}
	}
	return out, nil
}

func quote(s string) string { return "'" + strings.ReplaceAll(s, "'", "''") + "'" }

// Stock adds an item; adding one twice fails.
func (v *Inventory) Stock(ctx context.Context, it Item) error {
	body, err := json.Marshal(aztables.EDMEntity{
		Entity:     aztables.Entity{PartitionKey: it.Warehouse, RowKey: it.SKU},
		Properties: map[string]any{"Name": it.Name, "Count": it.Count},
	})
	if err != nil {
		return err
	}
	_, err = v.api.AddEntity(ctx, body, nil) // S
	return err
}

// Remove deletes an item.
func (v *Inventory) Remove(ctx context.Context, warehouse, sku string) error {
	_, err := v.api.DeleteEntity(ctx, warehouse, sku, nil) // S
	return err
}

// InWarehouse lists one warehouse's items.
func (v *Inventory) InWarehouse(ctx context.Context, warehouse string) ([]Item, error) {
	f := "PartitionKey eq " + quote(warehouse)
	return drain(ctx, v.list(&aztables.ListEntitiesOptions{Filter: &f})) // S
}

// Everything lists every item of every warehouse. (added)
func (v *Inventory) Everything(ctx context.Context) ([]Item, error) {
	return drain(ctx, v.list(nil)) // L: TL301
}

// Preview returns the first items of a warehouse for a summary line. (added)
func (v *Inventory) Preview(ctx context.Context, warehouse string) ([]Item, error) {
	f := "PartitionKey eq " + quote(warehouse)
	p := v.list(&aztables.ListEntitiesOptions{Filter: &f, Top: &previewSize})
	page, err := p.NextPage(ctx) // L: TL307
	if err != nil {
		return nil, err
	}
	var out []Item
	for _, raw := range page.Entities {
		it, err := toItem(raw)
		if err != nil {
			return nil, err
		}
		out = append(out, it)
	}
	return out, nil
}

var previewSize int32 = 20

// batchSize is the page size Restock asks for.
const batchSize = 200

// Restock lists a warehouse page by page, stopping when a page comes back
// with fewer items than asked for. (added)
func (v *Inventory) Restock(ctx context.Context, warehouse string, fn func(Item)) error {
	f := "PartitionKey eq " + quote(warehouse)
	top := int32(batchSize)
	p := v.list(&aztables.ListEntitiesOptions{Filter: &f, Top: &top})
	for p.More() {
		page, err := p.NextPage(ctx)
		if err != nil {
			return err
		}
		for _, raw := range page.Entities {
			it, err := toItem(raw)
			if err != nil {
				return err
			}
			fn(it)
		}
		if len(page.Entities) < batchSize { // L: TL308
			return nil
		}
	}
	return nil
}
