// Package directory is an HR directory: a department per partition, the
// employee number as RowKey.
package directory

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

// Person is the API model; optional fields are pointers.
type Person struct {
	Dept      string
	Number    int
	FirstName string
	LastName  string
	Title     *string
	Phone     *string
}

// personRow is written with Replace: a nil Title or Phone is sent as
// null, and the service deletes that property.
type personRow struct {
	PartitionKey string
	RowKey       string
	FirstName    string
	LastName     string
	Title        *string
	Phone        *string
}

func keys(p Person) (string, string) {
	return "dept/" + p.Dept, fmt.Sprintf("%06d", p.Number) // L: TL201
}

// Save replaces the person's row with the fields the form sent.
func Save(ctx context.Context, c *aztables.Client, p Person) error {
	pk, rk := keys(p)
	b, err := json.Marshal(personRow{PartitionKey: pk, RowKey: rk, FirstName: p.FirstName, LastName: p.LastName, Title: p.Title, Phone: p.Phone})
	if err != nil {
		return err
	}
	_, err = c.UpsertEntity(ctx, b, &aztables.UpsertEntityOptions{UpdateMode: aztables.UpdateModeReplace}) // L: TL129
	return err
}

// Rate records a manager's rating as a map-built row.
func Rate(ctx context.Context, c *aztables.Client, p Person, rating int) error {
	pk, rk := keys(p)
	row := map[string]any{
		"PartitionKey":   pk,
		"RowKey":         rk,
		"Manager Rating": rating,     // L: TL111
		"Last-Name":      p.LastName, // L: TL112
	}
	b, err := json.Marshal(row)
	if err != nil {
		return err
	}
	_, err = c.UpsertEntity(ctx, b, &aztables.UpsertEntityOptions{UpdateMode: aztables.UpdateModeMerge}) // S
	return err
}
