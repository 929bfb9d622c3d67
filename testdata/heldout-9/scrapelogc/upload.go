// Package scrapelogc logs in to a statistics site on request, reads the
// label/value pairs of its summary page and appends them to a table.
package scrapelogc

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log"
	"os"

	"github.com/Azure/azure-sdk-for-go/sdk/azcore/to"
	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

// Reading is one label/value pair with the time the page was read.
type Reading struct {
	Stamp string
	Label string
	Value string
}

func readingsTable() (*aztables.Client, error) {
	account := os.Getenv("SUMMARY_ACCOUNT")
	key := os.Getenv("SUMMARY_KEY")
	table := os.Getenv("SUMMARY_TABLE")
	if account == "" || key == "" || table == "" {
		return nil, errors.New("scrapelogc: account, key and table must be set")
	}
	cred, err := aztables.NewSharedKeyCredential(account, key) // S
	if err != nil {
		return nil, err
	}
	svc, err := aztables.NewServiceClientWithSharedKey(fmt.Sprintf("https://%s.table.core.windows.net", account), cred, nil)
	if err != nil {
		return nil, err
	}
	return svc.NewClient(table), nil
}

// upload appends the readings one row at a time; a row that fails is logged
// and the others still go.
func upload(ctx context.Context, rows []Reading) error {
	tc, err := readingsTable()
	if err != nil {
		return err
	}
	for _, r := range rows {
		row := map[string]any{
			"PartitionKey": "readings",              // S
			"RowKey":       r.Stamp + "-" + r.Label, // S
			"Timestamp":    r.Stamp,                 // L: TL128
			"Label":        to.Ptr(r.Label),
			"Value":        to.Ptr(r.Value),
		}
		body, err := json.Marshal(row)
		if err != nil {
			return err
		}
		if _, err := tc.AddEntity(ctx, body, nil); err != nil { // S
			log.Printf("row %s/%s: %v", r.Stamp, r.Label, err)
		}
	}
	log.Printf("stored %d readings", len(rows))
	return nil
}
