package rekey

import (
	"context"
	"encoding/json"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

// The twin of transfer: the original is deleted.
func transferAndDelete(ctx context.Context, c *aztables.Client, dept, id, newDept string) error {
	resp, err := c.GetEntity(ctx, dept, id, nil)
	if err != nil {
		return err
	}
	var e Employee
	if err := json.Unmarshal(resp.Value, &e); err != nil {
		return err
	}
	e.PartitionKey = newDept
	b, _ := json.Marshal(e)
	if _, err = c.AddEntity(ctx, b, nil); err != nil {
		return err
	}
	_, err = c.DeleteEntity(ctx, dept, id, nil)
	return err
}

// A new RowKey in the same partition, with the delete in the same
// transaction.
func renameAtomically(ctx context.Context, c *aztables.Client, pk, rk, newID string) error {
	resp, err := c.GetEntity(ctx, pk, rk, nil)
	if err != nil {
		return err
	}
	var e Employee
	_ = json.Unmarshal(resp.Value, &e)
	old, _ := json.Marshal(e)
	e.RowKey = newID
	b, _ := json.Marshal(e)
	_, err = c.SubmitTransaction(ctx, []aztables.TransactionAction{
		{ActionType: aztables.TransactionTypeDelete, Entity: old},
		{ActionType: aztables.TransactionTypeAdd, Entity: b},
	}, nil)
	if err != nil {
		return err
	}
	_, err = c.UpsertEntity(ctx, b, nil)
	return err
}

// The keys set to what was read: an ordinary update.
func update(ctx context.Context, c *aztables.Client, pk, rk, name string) error {
	resp, err := c.GetEntity(ctx, pk, rk, nil)
	if err != nil {
		return err
	}
	var e Employee
	_ = json.Unmarshal(resp.Value, &e)
	e.PartitionKey, e.RowKey = pk, rk
	e.Name = name
	b, _ := json.Marshal(e)
	_, err = c.UpdateEntity(ctx, b, nil)
	return err
}

// Archived under a new key in another table.
func archive(ctx context.Context, svc *aztables.ServiceClient, dept, id string) error {
	current, archived := svc.NewClient("Current"), svc.NewClient("Archive")
	resp, err := current.GetEntity(ctx, dept, id, nil)
	if err != nil {
		return err
	}
	var e Employee
	_ = json.Unmarshal(resp.Value, &e)
	e.PartitionKey = "2024_" + dept
	b, _ := json.Marshal(e)
	_, err = archived.UpsertEntity(ctx, b, nil)
	return err
}

// A new entity built from scratch: no read.
func create(ctx context.Context, c *aztables.Client, dept, id string) error {
	var e Employee
	e.PartitionKey, e.RowKey = dept, id
	b, _ := json.Marshal(e)
	_, err := c.AddEntity(ctx, b, nil)
	return err
}
