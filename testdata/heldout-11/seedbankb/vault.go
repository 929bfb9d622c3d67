// Package seedbankb keeps a seed bank's accessions in one table: the
// storage batch is the PartitionKey, the accession number the RowKey.
package seedbankb

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"os"

	"github.com/Azure/azure-sdk-for-go/sdk/azcore"
	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

// Accession is one lot of seeds.
type Accession struct {
	aztables.Entity
	Grams   float64
	Seeds   int32
	Species string
	Viable  bool
}

// Vault is the accessions table.
type Vault struct {
	tbl *aztables.Client
}

// Connect addresses the table by URL (account and table name from the
// environment) with a token credential, and creates it when missing.
func Connect(ctx context.Context, cred azcore.TokenCredential) (*Vault, error) {
	tableURL := fmt.Sprintf("https://%s.table.core.windows.net/%s", os.Getenv("SEEDBANK_ACCOUNT"), "accessions")
	tbl, err := aztables.NewClient(tableURL, cred, nil) // S
	if err != nil {
		return nil, err
	}
	if _, err := tbl.CreateTable(ctx, nil); err != nil { // S
		var rerr *azcore.ResponseError
		if !errors.As(err, &rerr) || rerr.StatusCode != http.StatusConflict {
			return nil, err
		}
	}
	return &Vault{tbl: tbl}, nil
}

// Deposit stores the first accession of batch one.
func (v *Vault) Deposit(ctx context.Context) error {
	acc := Accession{
		Entity: aztables.Entity{
			PartitionKey: "batch-01",
			RowKey:       "acc-000117", // S
		},
		Grams:   12.5,
		Seeds:   400, // S
		Species: "Vicia faba",
		Viable:  true,
	}
	doc, err := json.Marshal(acc)
	if err != nil {
		return err
	}
	_, err = v.tbl.AddEntity(ctx, doc, nil) // S
	return err
}

// TwoBatches prints every accession of batches one and two, page by page.
func (v *Vault) TwoBatches(ctx context.Context) (int, error) {
	filter := fmt.Sprintf("PartitionKey eq '%s' or PartitionKey eq '%s'", "batch-01", "batch-02") // S
	pager := v.tbl.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &filter})           // L: TL301
	pages := 0
	for pager.More() {
		page, err := pager.NextPage(ctx) // S
		if err != nil {
			return pages, err
		}
		pages++
		fmt.Printf("page %d holds %d accessions\n", pages, len(page.Entities))
		for _, doc := range page.Entities {
			var e aztables.EDMEntity
			if err := json.Unmarshal(doc, &e); err != nil {
				return pages, err
			}
			fmt.Println(e.RowKey, e.Properties["Species"], e.Properties["Seeds"], e.Properties["Grams"])
		}
	}
	return pages, nil
}

// Discard removes one accession by its keys.
func (v *Vault) Discard(ctx context.Context) error {
	_, err := v.tbl.DeleteEntity(ctx, "batch-01", "acc-000117", nil) // S
	return err
}

// Decommission deletes the whole table.
func (v *Vault) Decommission(ctx context.Context) error {
	_, err := v.tbl.Delete(ctx, nil) // S
	return err
}
