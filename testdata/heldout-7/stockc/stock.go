// Package stockc walks through the typed entity shapes of aztables against a
// local emulator table: a product row as an EDMEntity, the same kind of row
// as a plain struct, a lookup by RowKey that deletes what it finds, and
// (added) queries on the struct's time and number properties.
package stockc

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log"
	"time"

	"github.com/Azure/azure-sdk-for-go/sdk/azcore"
	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
	"github.com/google/uuid"
)

// stockRow is a product row written as a plain struct: its time is sent as
// an RFC 3339 string and its bytes as base64 text.
type stockRow struct {
	PartitionKey string    `json:"PartitionKey"`
	RowKey       string    `json:"RowKey"`
	Units        int       `json:"Units"`
	Cost         float64   `json:"Cost"`
	Note         string    `json:"Note"`
	Discounted   bool      `json:"Discounted"`
	SaleCost     float64   `json:"SaleCost"`
	BoughtAt     time.Time `json:"BoughtAt"`
	Blob         []byte    `json:"Blob"`
}

const tableExistsCode = "TableAlreadyExists"

func alreadyThere(err error) bool {
	var re *azcore.ResponseError
	return errors.As(err, &re) && re.ErrorCode == tableExistsCode
}

// Open creates the table unless it exists and returns its client.
func Open(ctx context.Context, connStr, name string) (*aztables.Client, error) {
	svc, err := aztables.NewServiceClientFromConnectionString(connStr, nil)
	if err != nil {
		return nil, err
	}
	if _, err := svc.CreateTable(ctx, name, nil); err != nil && !alreadyThere(err) {
		return nil, err
	}
	return svc.NewClient(name), nil
}

// AddSamples writes one row of each shape, each in a partition of its own.
func AddSamples(ctx context.Context, tc *aztables.Client) error {
	typed := aztables.EDMEntity{
		Entity: aztables.Entity{
			PartitionKey: uuid.NewString(), // S
			RowKey:       "RowKey",
		},
		Properties: map[string]any{
			"Units":       15,
			"Cost":        9.99,
			"Note":        "great product",
			"Discounted":  true,
			"SaleCost":    7.99,
			"PurchasedOn": aztables.EDMDateTime(time.Date(2021, time.August, 21, 1, 1, 0, 0, time.UTC)), // S
			"Raw":         aztables.EDMBinary([]byte("Bytesliceinfo")),
		},
	}
	b, err := json.Marshal(typed)
	if err != nil {
		return err
	}
	if _, err := tc.AddEntity(ctx, b, nil); err != nil {
		return err
	}

	plain := stockRow{
		PartitionKey: uuid.NewString(),
		RowKey:       "RowKey1",
		Units:        15,
		Cost:         9.99,
		Note:         "great product",
		Discounted:   true,
		SaleCost:     7.99,
		BoughtAt:     time.Date(2021, time.August, 21, 1, 1, 0, 0, time.UTC),
		Blob:         []byte("Bytesliceinfo"),
	}
	if b, err = json.Marshal(plain); err != nil {
		return err
	}
	_, err = tc.AddEntity(ctx, b, nil)
	return err
}

// ClearSample finds the rows with the sample RowKey, in any partition,
// logs and deletes each.
func ClearSample(ctx context.Context, tc *aztables.Client) error {
	filter := fmt.Sprintf("RowKey eq '%s'", "RowKey")
	pager := tc.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &filter}) // L: TL301
	for pager.More() {
		page, err := pager.NextPage(ctx)
		if err != nil {
			return err
		}
		for _, raw := range page.Entities {
			var row stockRow
			if err := json.Unmarshal(raw, &row); err != nil {
				return err
			}
			log.Printf("found %v", row)
			if _, err := tc.DeleteEntity(ctx, row.PartitionKey, row.RowKey, nil); err != nil {
				return err
			}
		}
	}
	return nil
}

// collect reads every page of a pager into stock rows.
func collect(ctx context.Context, tc *aztables.Client, filter string) ([]stockRow, error) {
	pager := tc.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &filter})
	var out []stockRow
	for pager.More() {
		page, err := pager.NextPage(ctx)
		if err != nil {
			return nil, err
		}
		for _, raw := range page.Entities {
			var row stockRow
			if err := json.Unmarshal(raw, &row); err != nil {
				return nil, err
			}
			out = append(out, row)
		}
	}
	return out, nil
}

// BoughtSince (added) lists a partition's rows bought on or after 2021,
// comparing the struct's time with a DateTime literal.
func BoughtSince(ctx context.Context, tc *aztables.Client, part uuid.UUID) ([]stockRow, error) {
	filter := fmt.Sprintf("PartitionKey eq '%s' and BoughtAt ge datetime'2021-01-01T00:00:00Z'", part) // S
	pager := tc.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &filter})                   // L: TL127 TL303
	var out []stockRow
	for pager.More() {
		page, err := pager.NextPage(ctx)
		if err != nil {
			return nil, err
		}
		for _, raw := range page.Entities {
			var row stockRow
			if err := json.Unmarshal(raw, &row); err != nil {
				return nil, err
			}
			out = append(out, row)
		}
	}
	return out, nil
}

// LowStock (added) lists a partition's rows with few units left, comparing
// the Int32 property with a string literal.
func LowStock(ctx context.Context, tc *aztables.Client, part uuid.UUID) ([]stockRow, error) {
	filter := fmt.Sprintf("PartitionKey eq '%s' and Units lt '10'", part)            // S
	pager := tc.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &filter}) // L: TL303 TL323
	var out []stockRow
	for pager.More() {
		page, err := pager.NextPage(ctx)
		if err != nil {
			return nil, err
		}
		for _, raw := range page.Entities {
			var row stockRow
			if err := json.Unmarshal(raw, &row); err != nil {
				return nil, err
			}
			out = append(out, row)
		}
	}
	return out, nil
}

// LowStockNumeric (added) is LowStock with a number literal, read through
// the package's collecting helper.
func LowStockNumeric(ctx context.Context, tc *aztables.Client, part uuid.UUID) ([]stockRow, error) {
	return collect(ctx, tc, fmt.Sprintf("PartitionKey eq '%s' and Units lt 10", part)) // L: TL303
}
