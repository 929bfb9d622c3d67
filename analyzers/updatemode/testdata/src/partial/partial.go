package partial

import (
	"context"
	"encoding/json"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

type Employee struct {
	PartitionKey string
	RowKey       string
	Name         string
	Email        string
	Salary       int
}

// Only the changed field, sent as a Replace: Name and Salary are deleted.
func changeEmail(ctx context.Context, c *aztables.Client, dept, id, email string) error {
	resp, err := c.GetEntity(ctx, dept, id, nil)
	if err != nil {
		return err
	}
	var e Employee
	if err := json.Unmarshal(resp.Value, &e); err != nil {
		return err
	}
	if e.Email == email {
		return nil
	}
	b, _ := json.Marshal(map[string]any{"PartitionKey": dept, "RowKey": id, "Email": email})
	_, err = c.UpdateEntity(ctx, b, &aztables.UpdateEntityOptions{UpdateMode: aztables.UpdateModeReplace, IfMatch: &resp.ETag}) // want `TL411: UpdateEntity replaces the entity read at line 20 without Name, Salary$`
	return err
}

type Contact struct {
	PartitionKey string
	RowKey       string
	Email        string
}

// A smaller struct, upserted in Replace mode through an options variable.
func upsertContact(ctx context.Context, c *aztables.Client, dept, id, email string) error {
	resp, err := c.GetEntity(ctx, dept, id, nil)
	if err != nil {
		return err
	}
	var old Employee
	_ = json.Unmarshal(resp.Value, &old)
	b, _ := json.Marshal(Contact{PartitionKey: dept, RowKey: id, Email: email})
	opts := &aztables.UpsertEntityOptions{UpdateMode: aztables.UpdateModeReplace}
	_, err = c.UpsertEntity(ctx, b, opts) // want `TL411: UpsertEntity replaces the entity read at line 44 without Name, Salary$`
	return err
}

// Entries added after the literal count.
func addLater(ctx context.Context, c *aztables.Client, dept, id string) error {
	resp, _ := c.GetEntity(ctx, dept, id, nil)
	var e Employee
	_ = json.Unmarshal(resp.Value, &e)
	m := map[string]any{"PartitionKey": dept, "RowKey": id}
	m["Name"] = e.Name + " (left)"
	m["Email"] = ""
	b, _ := json.Marshal(m)
	_, err := c.UpdateEntity(ctx, b, &aztables.UpdateEntityOptions{UpdateMode: aztables.UpdateModeReplace}) // want `TL411: UpdateEntity replaces .* without Salary$`
	return err
}
