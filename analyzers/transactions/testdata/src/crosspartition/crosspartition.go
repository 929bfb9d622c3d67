package crosspartition

import (
	"context"
	"encoding/json"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
	"github.com/Azure/azure-sdk-for-go/storage"
)

type Employee struct {
	PartitionKey string
	RowKey       string
	Email        string
}

func constants(ctx context.Context, c *aztables.Client) {
	a, _ := json.Marshal(Employee{PartitionKey: "Sales", RowKey: "1"})
	b, _ := json.Marshal(Employee{PartitionKey: "Marketing", RowKey: "2"}) // want `TL403: this action's PartitionKey "Marketing" differs from "Sales"`
	c.SubmitTransaction(ctx, []aztables.TransactionAction{
		{ActionType: aztables.TransactionTypeAdd, Entity: a},
		{ActionType: aztables.TransactionTypeAdd, Entity: b},
	}, nil)
}

func prefixes(ctx context.Context, c *aztables.Client, id string) {
	var actions []aztables.TransactionAction
	user := map[string]any{"PartitionKey": "user_" + id, "RowKey": "profile"}
	ub, _ := json.Marshal(user)
	actions = append(actions, aztables.TransactionAction{Entity: ub})
	order := aztables.EDMEntity{Entity: aztables.Entity{PartitionKey: "order_" + id, RowKey: "o1"}} // want `TL403: this action's PartitionKey "order_\{\?\}" differs from "user_\{\?\}"`
	ob, _ := json.Marshal(order)
	actions = append(actions, aztables.TransactionAction{Entity: ob})
	c.SubmitTransaction(ctx, actions, nil)
}

func legacy(t *storage.Table) error {
	b := t.NewBatch()
	b.InsertEntity(t.GetEntityReference("a", "1"))
	b.InsertEntity(t.GetEntityReference("b", "1")) // want `TL403: this action's PartitionKey "b" differs from "a"`
	return b.ExecuteBatch()
}
