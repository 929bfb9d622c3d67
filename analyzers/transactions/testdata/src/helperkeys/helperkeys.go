package helperkeys

import (
	"context"
	"encoding/json"
	"strings"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

type Invoice struct {
	PartitionKey string
	RowKey       string
	Amount       int
}

// row builds an invoice entity; the PartitionKey is its first argument.
func row(tenant, number string, amount int) []byte {
	b, err := json.Marshal(Invoice{PartitionKey: tenant, RowKey: number, Amount: amount})
	if err != nil {
		return nil
	}
	return b
}

func twoTenants(ctx context.Context, c *aztables.Client) error {
	_, err := c.SubmitTransaction(ctx, []aztables.TransactionAction{ // want `TL403: this action's PartitionKey "globex" differs from "acme" in the same transaction`
		{ActionType: aztables.TransactionTypeInsertMerge, Entity: row("acme", "0001", 10)},
		{ActionType: aztables.TransactionTypeInsertMerge, Entity: row("globex", "0002", 20)},
	}, nil)
	return err
}

// A helper that prefixes its argument.
func ledgerRow(kind, id string) []byte {
	b, _ := json.Marshal(map[string]any{"PartitionKey": kind + "-ledger", "RowKey": id})
	return b
}

func mixedLedgers(ctx context.Context, c *aztables.Client, id string) error {
	first := ledgerRow("credit", id)
	var actions []aztables.TransactionAction
	actions = append(actions, aztables.TransactionAction{Entity: first})
	actions = append(actions, aztables.TransactionAction{Entity: ledgerRow("debit", id)})
	_, err := c.SubmitTransaction(ctx, actions, nil) // want `TL403: this action's PartitionKey "debit-ledger" differs from "credit-ledger"`
	return err
}

// Silent: the same tenant in both, from a parameter or one constant.
func oneTenant(ctx context.Context, c *aztables.Client, tenant string) error {
	_, err := c.SubmitTransaction(ctx, []aztables.TransactionAction{
		{ActionType: aztables.TransactionTypeAdd, Entity: row(tenant, "0001", 10)},
		{ActionType: aztables.TransactionTypeAdd, Entity: row(tenant, "0002", 20)},
	}, nil)
	return err
}

func sameConstant(ctx context.Context, c *aztables.Client) error {
	_, err := c.SubmitTransaction(ctx, []aztables.TransactionAction{
		{ActionType: aztables.TransactionTypeAdd, Entity: row("acme", "0001", 10)},
		{ActionType: aztables.TransactionTypeAdd, Entity: row("acme", "0002", 20)},
	}, nil)
	return err
}

// Silent: the helper rewrites its argument, so the key is not the
// argument as passed.
func normalised(tenant, number string) []byte {
	tenant = strings.ToLower(tenant)
	b, _ := json.Marshal(Invoice{PartitionKey: tenant, RowKey: number})
	return b
}

func caseFolded(ctx context.Context, c *aztables.Client) error {
	_, err := c.SubmitTransaction(ctx, []aztables.TransactionAction{
		{ActionType: aztables.TransactionTypeAdd, Entity: normalised("ACME", "1")},
		{ActionType: aztables.TransactionTypeAdd, Entity: normalised("acme", "2")},
	}, nil)
	return err
}

// Silent: the key is chosen inside the helper from its argument at run time.
func routed(urgent bool, id string) []byte {
	pk := "normal"
	if urgent {
		pk = "urgent"
	}
	b, _ := json.Marshal(Invoice{PartitionKey: pk, RowKey: id})
	return b
}

func routedPair(ctx context.Context, c *aztables.Client) error {
	_, err := c.SubmitTransaction(ctx, []aztables.TransactionAction{
		{ActionType: aztables.TransactionTypeAdd, Entity: routed(true, "1")},
		{ActionType: aztables.TransactionTypeAdd, Entity: routed(true, "2")},
	}, nil)
	return err
}
