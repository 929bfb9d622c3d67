// Package crateloga keeps a loading dock's crate log in Azure Tables: the
// dock is the PartitionKey, the crate label the RowKey. Its shapes follow
// the examples of the aztables package documentation (see SOURCES-a.md).
package crateloga

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"time"

	"github.com/Azure/azure-sdk-for-go/sdk/azcore"
	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

// Crate is one crate on a dock.
type Crate struct {
	aztables.Entity
	Weight  float32
	Count   int32
	Shipper string
	Fragile bool
}

// Dock wraps the table client of one crate log.
type Dock struct {
	tc *aztables.Client
}

// OpenDock reads the account from the environment and opens the log table.
func OpenDock(table string) (*Dock, error) {
	account, ok := os.LookupEnv("DOCK_ACCOUNT")
	if !ok {
		return nil, errors.New("DOCK_ACCOUNT is not set")
	}
	secret, ok := os.LookupEnv("DOCK_ACCOUNT_SECRET")
	if !ok {
		return nil, errors.New("DOCK_ACCOUNT_SECRET is not set")
	}
	cred, err := aztables.NewSharedKeyCredential(account, secret) // S
	if err != nil {
		return nil, err
	}
	endpoint := fmt.Sprintf("https://%s.table.core.windows.net/%s", account, table)
	tc, err := aztables.NewClientWithSharedKey(endpoint, cred, nil)
	if err != nil {
		return nil, err
	}
	return &Dock{tc: tc}, nil
}

// UnloadTen books ten numbered crates onto the north dock in one
// transaction; a rejected transaction's body is printed for diagnosis.
func (d *Dock) UnloadTen(ctx context.Context) error {
	acts := []aztables.TransactionAction{}
	row := Crate{Entity: aztables.Entity{
		PartitionKey: "north", // S
		RowKey:       "",
	}}
	for n := 0; n < 10; n++ {
		row.RowKey = fmt.Sprintf("crate-%02d", n)
		row.Count = int32(n)
		body, err := json.Marshal(row)
		if err != nil {
			return err
		}
		acts = append(acts, aztables.TransactionAction{ActionType: aztables.TransactionTypeAdd, Entity: body})
	}
	_, err := d.tc.SubmitTransaction(ctx, acts, nil) // S
	if err != nil {
		var rerr *azcore.ResponseError
		if errors.As(err, &rerr) && rerr.RawResponse != nil {
			detail, rdErr := io.ReadAll(rerr.RawResponse.Body)
			if rdErr != nil {
				return rdErr
			}
			fmt.Println(string(detail))
			return err
		}
		return err
	}
	return nil
}

// Receive adds one typed crate and one crate described with EDM values
// (64-bit count, GUID, a fixed date and a binary seal), both on dock "d7".
func (d *Dock) Receive(ctx context.Context) error {
	plain := Crate{
		Entity:  aztables.Entity{PartitionKey: "d7", RowKey: "c-0001"},
		Weight:  12.5,
		Count:   20,
		Shipper: "Harbour & Sons",
		Fragile: false,
	}
	body, err := json.Marshal(plain)
	if err != nil {
		return err
	}
	if _, err := d.tc.AddEntity(ctx, body, nil); err != nil { // S
		return err
	}

	typed := aztables.EDMEntity{
		Entity: aztables.Entity{PartitionKey: "d7", RowKey: "c-0002"},
		Properties: map[string]any{
			"Fragile":  true,
			"Count":    int32(48),
			"Serial":   aztables.EDMInt64(987654321098), // S
			"Volume":   0.75,
			"Shipper":  "Keel Freight",
			"Lot":      aztables.EDMGUID("0b9e2c4a-7f31-4d2e-9a11-55c0de7b1e42"),
			"Packed":   aztables.EDMDateTime(time.Date(2014, time.March, 11, 8, 30, 0, 0, time.UTC)), // S
			"SealCode": aztables.EDMBinary("seal-7731"),
		},
	}
	body, err = json.Marshal(typed)
	if err != nil {
		return err
	}
	_, err = d.tc.AddEntity(ctx, body, nil) // S
	return err
}

// Scrap removes a crate whatever its version.
func (d *Dock) Scrap(ctx context.Context) error {
	anyTag := azcore.ETagAny
	_, err := d.tc.DeleteEntity(ctx, "d7", "c-0001", &aztables.DeleteEntityOptions{IfMatch: &anyTag}) // S
	return err
}
