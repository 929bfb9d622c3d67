package rekey

import (
	"context"
	"encoding/json"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

type Employee struct {
	PartitionKey string
	RowKey       string
	Name         string
}

// Moving an employee to another department by rewriting the entity: the
// original stays in the old department.
func transfer(ctx context.Context, c *aztables.Client, dept, id, newDept string) error {
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
	_, err = c.AddEntity(ctx, b, nil) // want `TL417: AddEntity writes the entity read at line 19 with a new PartitionKey \(line 27\): the original stays$`
	return err
}

// A map entity renamed.
func rename(ctx context.Context, c *aztables.Client, pk, rk, newID string) error {
	resp, err := c.GetEntity(ctx, pk, rk, nil)
	if err != nil {
		return err
	}
	var m map[string]any
	_ = json.Unmarshal(resp.Value, &m)
	m["RowKey"] = newID
	b, _ := json.Marshal(m)
	_, err = c.UpsertEntity(ctx, b, nil) // want `TL417: UpsertEntity writes the entity read at line 35 with a new RowKey`
	return err
}

type Order struct {
	aztables.Entity
	Total int
}

// The embedded aztables.Entity's RowKey.
func renumber(ctx context.Context, c *aztables.Client, pk, rk string, n int) error {
	resp, err := c.GetEntity(ctx, pk, rk, nil)
	if err != nil {
		return err
	}
	var o Order
	_ = json.Unmarshal(resp.Value, &o)
	o.Entity.RowKey = rk + "-2"
	o.Total = n
	b, _ := json.Marshal(o)
	_, err = c.UpsertEntity(ctx, b, nil) // want `TL417: UpsertEntity writes the entity read at line 54 with a new RowKey`
	return err
}
