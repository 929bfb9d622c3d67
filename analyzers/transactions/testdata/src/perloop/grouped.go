package perloop

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

// Order is one order line of a shop.
type Order struct {
	Shop string
	ID   string
	Qty  int
}

// shopPartition hashes a shop name into its partition.
func shopPartition(shop string) string {
	d := sha256.Sum256([]byte(shop))
	return hex.EncodeToString(d[:12])
}

func orderAction(o Order) aztables.TransactionAction {
	body, _ := json.Marshal(map[string]any{"PartitionKey": shopPartition(o.Shop), "RowKey": o.ID, "Qty": o.Qty})
	return aztables.TransactionAction{ActionType: aztables.TransactionTypeInsertMerge, Entity: body}
}

// Silent for TL403: the orders are filed by shop first, and each
// transaction takes the orders of one shop, so one partition, in chunks
// of a hundred.
func saveByShop(ctx context.Context, c *aztables.Client, orders []Order) error {
	perShop := make(map[string][]Order)
	for _, o := range orders {
		perShop[o.Shop] = append(perShop[o.Shop], o)
	}
	for _, list := range perShop {
		for len(list) > 0 {
			n := min(len(list), 100)
			batch := make([]aztables.TransactionAction, 0, n)
			for _, o := range list[:n] {
				batch = append(batch, orderAction(o))
			}
			if _, err := c.SubmitTransaction(ctx, batch, nil); err != nil {
				return err
			}
			list = list[n:]
		}
	}
	return nil
}

// Filed by shop, but the transaction spans every group: one per shop.
func saveAllShops(ctx context.Context, c *aztables.Client, orders []Order) error {
	perShop := make(map[string][]Order)
	for _, o := range orders {
		perShop[o.Shop] = append(perShop[o.Shop], o)
	}
	var batch []aztables.TransactionAction
	for _, list := range perShop {
		batch = append(batch, orderAction(list[0]))
	}
	_, err := c.SubmitTransaction(ctx, batch, nil) // want `^TL403: the loop on line 61 gives each action its own PartitionKey`
	return err
}

// Filed by the order's ID, not its shop: one group still mixes shops.
func saveByID(ctx context.Context, c *aztables.Client, orders []Order) error {
	perID := make(map[string][]Order)
	for _, o := range orders {
		perID[o.ID] = append(perID[o.ID], o)
	}
	for _, list := range perID {
		batch := make([]aztables.TransactionAction, 0, len(list))
		for _, o := range list {
			batch = append(batch, orderAction(o))
		}
		if _, err := c.SubmitTransaction(ctx, batch, nil); err != nil { // want `^TL403: the loop on line 76 gives each action its own PartitionKey`
			return err
		}
	}
	return nil
}
