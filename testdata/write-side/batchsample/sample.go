// Package batchsample is a transactions sample: two products written in
// one batch, from a client built from a connection string in the code.
package batchsample

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

func handle(err error) {
	if err != nil {
		panic(err)
	}
}

func product(pk, rk, name string, price float64) []byte {
	b, err := json.Marshal(aztables.EDMEntity{
		Entity:     aztables.Entity{PartitionKey: pk, RowKey: rk},
		Properties: map[string]any{"Product": name, "Price": price},
	})
	handle(err)
	return b
}

// Batch adds two products of one partition atomically.
func Batch(ctx context.Context) {
	sc, err := aztables.NewServiceClientFromConnectionString("DefaultEndpointsProtocol=https;AccountName=samplesacct;AccountKey=3JtKqm7PU64ynbc/YFuZzTZJTi6oQILJhvGnYoEtLRLRlWfTrUbcwF/Od/VOFoAeeP5GB0ECAvec9QFNVC8vbw==;EndpointSuffix=core.windows.net", nil) // L: TL601
	handle(err)
	client := sc.NewClient("products")
	batch := []aztables.TransactionAction{
		{ActionType: aztables.TransactionTypeAdd, Entity: product("pkey", "rkey1", "product1", 5)},
		{ActionType: aztables.TransactionTypeAdd, Entity: product("pkey", "rkey2", "product2", 10)},
	}
	resp, err := client.SubmitTransaction(ctx, batch, nil) // S
	handle(err)
	fmt.Println(resp)
}

// Restock adds a product and updates the supplier's row in one batch:
// the two rows are in different partitions and the service refuses it.
func Restock(ctx context.Context, client *aztables.Client) error {
	batch := []aztables.TransactionAction{
		{ActionType: aztables.TransactionTypeAdd, Entity: product("pkey", "rkey3", "product3", 7)},
		{ActionType: aztables.TransactionTypeUpdateMerge, Entity: product("suppliers", "acme", "product3", 7)},
	}
	_, err := client.SubmitTransaction(ctx, batch, nil) // L: TL403
	return err
}
