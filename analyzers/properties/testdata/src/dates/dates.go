package dates

import (
	"context"
	"encoding/json"
	"time"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

// EDMEntity annotates EDMDateTime values as Edm.DateTime.
func edm(ctx context.Context, c *aztables.Client, id string) error {
	var never time.Time
	e := aztables.EDMEntity{
		Entity: aztables.Entity{PartitionKey: "tasks", RowKey: id},
		Properties: map[string]any{
			"Due":      aztables.EDMDateTime(time.Time{}),                                 // want `TL124: property Due is an Edm.DateTime of zero time 0001-01-01, outside the range 1601-9999`
			"Started":  aztables.EDMDateTime{},                                            // want `TL124: property Started is an Edm.DateTime of zero time`
			"Founded":  aztables.EDMDateTime(time.Date(1500, 1, 1, 0, 0, 0, 0, time.UTC)), // want `TL124: property Founded is an Edm.DateTime of year 1500`
			"Closed":   aztables.EDMDateTime(never),                                       // want `TL124: property Closed is an Edm.DateTime of never, still zero`
			"Reviewed": aztables.EDMDateTime(time.Date(1601, 1, 1, 0, 0, 0, 0, time.UTC)),
		},
	}
	e.Properties["Archived"] = aztables.EDMDateTime{} // want `TL124: property Archived is an Edm.DateTime`
	b, _ := json.Marshal(e)
	_, err := c.AddEntity(ctx, b, nil)
	return err
}

// A map entity annotated by hand.
func annotated(ctx context.Context, c *aztables.Client, id string) error {
	m := map[string]any{
		"PartitionKey": "tasks", "RowKey": id,
		"Due": time.Time{}, "Due@odata.type": "Edm.DateTime", // want `TL124: property Due is an Edm.DateTime of zero time`
		"Born": "1600-12-31T23:59:59Z", "Born@odata.type": "Edm.DateTime", // want `TL124: property Born is an Edm.DateTime of "1600-12-31T23:59:59Z"`
	}
	b, _ := json.Marshal(m)
	_, err := c.UpsertEntity(ctx, b, nil)
	return err
}

type Task struct {
	PartitionKey string
	RowKey       string
	Due          time.Time
	DueType      string `json:"Due@odata.type"`
}

// A struct that annotates Due but never sets it.
func unset(ctx context.Context, c *aztables.Client, id string) error {
	b, _ := json.Marshal(Task{PartitionKey: "tasks", RowKey: id, DueType: "Edm.DateTime"}) // want `TL124: property Due is an Edm.DateTime of Due left unset \(0001-01-01\)`
	_, err := c.AddEntity(ctx, b, nil)
	return err
}

// Silent below.

// Values from run time.
func runtime(ctx context.Context, c *aztables.Client, id string, due time.Time) error {
	var parsed time.Time
	_ = json.Unmarshal([]byte(`"2024-01-01T00:00:00Z"`), &parsed)
	e := aztables.EDMEntity{
		Entity:     aztables.Entity{PartitionKey: "tasks", RowKey: id},
		Properties: map[string]any{"Due": aztables.EDMDateTime(due), "Parsed": aztables.EDMDateTime(parsed), "Now": aztables.EDMDateTime(time.Now())},
	}
	b, _ := json.Marshal(e)
	_, err := c.AddEntity(ctx, b, nil)
	return err
}

type Plain struct {
	aztables.Entity
	Due    time.Time
	Closed aztables.EDMDateTime
}

// time.Time and EDMDateTime fields of a plain struct are sent as strings
// without an annotation: the service stores a String property, and the
// zero time is a valid string.
func plain(ctx context.Context, c *aztables.Client, id string) error {
	b, _ := json.Marshal(Plain{Entity: aztables.Entity{PartitionKey: "tasks", RowKey: id}, Due: time.Time{}})
	_, err := c.AddEntity(ctx, b, nil)
	return err
}

// A time.Time in an EDMEntity without an annotation is a String too.
func edmString(ctx context.Context, c *aztables.Client, id string) error {
	e := aztables.EDMEntity{Entity: aztables.Entity{PartitionKey: "tasks", RowKey: id}, Properties: map[string]any{"Due": time.Time{}}}
	b, _ := json.Marshal(e)
	_, err := c.AddEntity(ctx, b, nil)
	return err
}

// The annotated field is set after the literal.
func setLater(ctx context.Context, c *aztables.Client, id string, due time.Time) error {
	t := Task{PartitionKey: "tasks", RowKey: id, DueType: "Edm.DateTime"}
	t.Due = due
	b, _ := json.Marshal(t)
	_, err := c.AddEntity(ctx, b, nil)
	return err
}

// Never written.
func view() aztables.EDMEntity {
	return aztables.EDMEntity{Properties: map[string]any{"Due": aztables.EDMDateTime{}}}
}
