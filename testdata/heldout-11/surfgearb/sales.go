package surfgearb

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"strings"
	"time"

	"github.com/Azure/azure-sdk-for-go/sdk/azcore"
	"github.com/Azure/azure-sdk-for-go/sdk/azcore/to"
	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

// Sell takes n items off the stock of one product and stores the product
// again with an upsert.
func (c *Catalogue) Sell(ctx context.Context, category, id string, n int) error {
	resp, err := c.products.GetEntity(ctx, category, id, nil)
	if err != nil {
		return err
	}
	var p Product
	if err := json.Unmarshal(resp.Value, &p); err != nil {
		return err
	}
	if p.Stock < n {
		return errors.New("surfgearb: not enough stock")
	}
	p.Stock -= n
	p.SoldMs = time.Now().UnixMilli() // L: TL125
	doc, err := json.Marshal(p)
	if err != nil {
		return err
	}
	_, err = c.products.UpsertEntity(ctx, doc, &aztables.UpsertEntityOptions{UpdateMode: aztables.UpdateModeReplace}) // L: TL414
	return err
}

// SellChecked is Sell under the read's ETag, read again on 412.
func (c *Catalogue) SellChecked(ctx context.Context, category, id string, n int) error {
	for try := 0; try < 4; try++ {
		resp, err := c.products.GetEntity(ctx, category, id, nil)
		if err != nil {
			return err
		}
		var p Product
		if err := json.Unmarshal(resp.Value, &p); err != nil {
			return err
		}
		if p.Stock < n {
			return errors.New("surfgearb: not enough stock")
		}
		p.Stock -= n
		p.LastSold = aztables.EDMInt64(time.Now().UnixMilli()) // S
		doc, err := json.Marshal(p)
		if err != nil {
			return err
		}
		_, err = c.products.UpdateEntity(ctx, doc, &aztables.UpdateEntityOptions{IfMatch: &resp.ETag, UpdateMode: aztables.UpdateModeReplace}) // S
		var rerr *azcore.ResponseError
		if errors.As(err, &rerr) && rerr.StatusCode == http.StatusPreconditionFailed {
			continue
		}
		return err
	}
	return errors.New("surfgearb: stock kept changing")
}

// MarkDownSlowSellers puts every product with fewer than three left on
// sale at seventy per cent of its price.
func (c *Catalogue) MarkDownSlowSellers(ctx context.Context) error {
	pager := c.products.NewListEntitiesPager(&aztables.ListEntitiesOptions{
		Filter: to.Ptr("Stock lt 3 and OnSale eq false"), // L: TL301 TL313
	})
	for pager.More() {
		page, err := pager.NextPage(ctx)
		if err != nil {
			return err
		}
		for _, doc := range page.Entities {
			var p Product
			if err := json.Unmarshal(doc, &p); err != nil {
				return err
			}
			p.OnSale = true
			p.Amount = p.Amount * 0.7
			out, err := json.Marshal(p)
			if err != nil {
				return err
			}
			if _, err := c.products.UpdateEntity(ctx, out, nil); err != nil { // L: TL414
				return err
			}
		}
	}
	return nil
}

// LowStock reports the products of a category with fewer than five left,
// a hundred to a page.
func (c *Catalogue) LowStock(ctx context.Context, category string) ([]Product, error) {
	filter := "PartitionKey eq '" + strings.ReplaceAll(category, "'", "''") + "' and Stock lt 5"
	pager := c.products.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &filter, Top: to.Ptr(int32(100))}) // L: TL303
	var low []Product
	for pager.More() {
		page, err := pager.NextPage(ctx)
		if err != nil {
			return nil, err
		}
		if len(page.Entities) == 0 { // L: TL308
			break
		}
		for _, doc := range page.Entities {
			var p Product
			if err := json.Unmarshal(doc, &p); err != nil {
				return nil, err
			}
			low = append(low, p)
		}
	}
	return low, nil
}
