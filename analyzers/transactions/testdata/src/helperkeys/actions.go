package helperkeys

import (
	"context"
	"encoding/json"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

// upsert returns a whole action for a settings row of a scope.
func upsert(scope, key, value string) aztables.TransactionAction {
	b, _ := json.Marshal(map[string]any{"PartitionKey": scope, "RowKey": key, "Value": value})
	return aztables.TransactionAction{ActionType: aztables.TransactionTypeInsertReplace, Entity: b}
}

func seedTwoScopes(ctx context.Context, c *aztables.Client) error {
	_, err := c.SubmitTransaction(ctx, []aztables.TransactionAction{ // want `TL403: this action's PartitionKey "ui" differs from "defaults" in the same transaction`
		upsert("defaults", "theme", "light"),
		upsert("ui", "locale", "en"),
	}, nil)
	return err
}

// Silent: one scope, whether constant or a parameter.
func seedOneScope(ctx context.Context, c *aztables.Client, scope string) error {
	if _, err := c.SubmitTransaction(ctx, []aztables.TransactionAction{
		upsert("defaults", "theme", "light"),
		upsert("defaults", "locale", "en"),
	}, nil); err != nil {
		return err
	}
	var actions []aztables.TransactionAction
	for _, k := range []string{"a", "b"} {
		actions = append(actions, upsert(scope, k, "v"))
	}
	_, err := c.SubmitTransaction(ctx, actions, nil)
	return err
}

// insert builds an action from the entity it is given.
func insert(m map[string]any) aztables.TransactionAction {
	b, _ := json.Marshal(m)
	return aztables.TransactionAction{ActionType: aztables.TransactionTypeAdd, Entity: b}
}

func givenEntities(ctx context.Context, c *aztables.Client) error {
	acts := []aztables.TransactionAction{
		insert(map[string]any{"PartitionKey": "a", "RowKey": "1"}),
		insert(map[string]any{"PartitionKey": "b", "RowKey": "2"}), // want `TL403: this action's PartitionKey "b" differs from "a"`
	}
	if _, err := c.SubmitTransaction(ctx, acts, nil); err != nil {
		return err
	}
	same := []aztables.TransactionAction{
		insert(map[string]any{"PartitionKey": "a", "RowKey": "1"}),
		insert(map[string]any{"PartitionKey": "a", "RowKey": "2"}),
	}
	_, err := c.SubmitTransaction(ctx, same, nil)
	return err
}
