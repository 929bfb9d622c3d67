package complete

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

// The entity read, changed and written back: every property is sent.
func raise(ctx context.Context, c *aztables.Client, dept, id string) error {
	resp, _ := c.GetEntity(ctx, dept, id, nil)
	var e Employee
	_ = json.Unmarshal(resp.Value, &e)
	e.Salary += 100
	b, _ := json.Marshal(e)
	_, err := c.UpdateEntity(ctx, b, &aztables.UpdateEntityOptions{UpdateMode: aztables.UpdateModeReplace, IfMatch: &resp.ETag})
	return err
}

// A partial entity in Merge mode (the default): nothing deleted.
func merge(ctx context.Context, c *aztables.Client, dept, id, email string) error {
	resp, _ := c.GetEntity(ctx, dept, id, nil)
	var e Employee
	_ = json.Unmarshal(resp.Value, &e)
	b, _ := json.Marshal(map[string]any{"PartitionKey": dept, "RowKey": id, "Email": email})
	if _, err := c.UpdateEntity(ctx, b, &aztables.UpdateEntityOptions{IfMatch: &resp.ETag}); err != nil {
		return err
	}
	_, err := c.UpdateEntity(ctx, b, &aztables.UpdateEntityOptions{UpdateMode: aztables.UpdateModeMerge})
	return err
}

// A full new literal in Replace mode.
func full(ctx context.Context, c *aztables.Client, dept, id string) error {
	resp, _ := c.GetEntity(ctx, dept, id, nil)
	var e Employee
	_ = json.Unmarshal(resp.Value, &e)
	b, _ := json.Marshal(Employee{PartitionKey: dept, RowKey: id, Name: e.Name, Email: "", Salary: 0})
	_, err := c.UpdateEntity(ctx, b, &aztables.UpdateEntityOptions{UpdateMode: aztables.UpdateModeReplace})
	return err
}

// Another entity than the one read (its own RowKey).
func other(ctx context.Context, c *aztables.Client, dept, id string) error {
	resp, _ := c.GetEntity(ctx, dept, id, nil)
	var e Employee
	_ = json.Unmarshal(resp.Value, &e)
	b, _ := json.Marshal(map[string]any{"PartitionKey": dept, "RowKey": "index_" + e.Email, "Id": id})
	_, err := c.UpsertEntity(ctx, b, &aztables.UpsertEntityOptions{UpdateMode: aztables.UpdateModeReplace})
	return err
}

// Read into a map: its properties are not known.
func intoMap(ctx context.Context, c *aztables.Client, dept, id string) error {
	resp, _ := c.GetEntity(ctx, dept, id, nil)
	var m map[string]any
	_ = json.Unmarshal(resp.Value, &m)
	b, _ := json.Marshal(map[string]any{"PartitionKey": dept, "RowKey": id, "Name": m["Name"]})
	_, err := c.UpdateEntity(ctx, b, &aztables.UpdateEntityOptions{UpdateMode: aztables.UpdateModeReplace})
	return err
}

// A map filled by a helper: its entries are not known.
func filled(ctx context.Context, c *aztables.Client, dept, id string, fill func(map[string]any)) error {
	resp, _ := c.GetEntity(ctx, dept, id, nil)
	var e Employee
	_ = json.Unmarshal(resp.Value, &e)
	m := map[string]any{"PartitionKey": dept, "RowKey": id}
	fill(m)
	b, _ := json.Marshal(m)
	_, err := c.UpdateEntity(ctx, b, &aztables.UpdateEntityOptions{UpdateMode: aztables.UpdateModeReplace})
	return err
}

// EDMEntity marshals its Properties map: its properties are not its fields.
func edm(ctx context.Context, c *aztables.Client, dept, id string) error {
	resp, _ := c.GetEntity(ctx, dept, id, nil)
	var e Employee
	_ = json.Unmarshal(resp.Value, &e)
	b, _ := json.Marshal(aztables.EDMEntity{Entity: aztables.Entity{PartitionKey: dept, RowKey: id}, Properties: map[string]any{"Name": e.Name, "Email": e.Email, "Salary": e.Salary}})
	_, err := c.UpdateEntity(ctx, b, &aztables.UpdateEntityOptions{UpdateMode: aztables.UpdateModeReplace})
	return err
}
