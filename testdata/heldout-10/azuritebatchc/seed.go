// Package azuritebatchc seeds a catalogue table on the local storage
// emulator in one entity group transaction.
package azuritebatchc

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"

	"github.com/Azure/azure-sdk-for-go/sdk/azcore"
	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

// emulatorConn is the storage emulator's published development account.
const emulatorConn = "DefaultEndpointsProtocol=http;AccountName=devstoreaccount1;AccountKey=Eby8vdM02xNOcqFlqUwJPLlmEtlCDXJ1OUzFT50uSRZ6IFsuFq2UVErCz4I6tq/K1SZFPTOtr/KBHBeksoGMGw==;TableEndpoint=http://127.0.0.1:10002/devstoreaccount1;" // S

const shelf = "catalog"

// Open returns a client for the named table, creating the table unless it
// is already there.
func Open(ctx context.Context, table string) (*aztables.Client, error) {
	svc, err := aztables.NewServiceClientFromConnectionString(emulatorConn, nil)
	if err != nil {
		return nil, err
	}
	tc := svc.NewClient(table)
	if _, err := tc.CreateTable(ctx, nil); err != nil {
		var rerr *azcore.ResponseError
		if !errors.As(err, &rerr) || rerr.StatusCode != http.StatusConflict {
			return nil, err
		}
	}
	return tc, nil
}

// starterRows are the two rows every fresh emulator gets.
func starterRows() []aztables.EDMEntity {
	return []aztables.EDMEntity{
		{
			Entity:     aztables.Entity{PartitionKey: shelf, RowKey: "item-001"},
			Properties: map[string]any{"label": "first sample"},
		},
		{
			Entity:     aztables.Entity{PartitionKey: shelf, RowKey: "item-002"},
			Properties: map[string]any{"label": "second sample"},
		},
	}
}

// SeedStarter writes the starter rows as one replace-or-insert transaction.
func SeedStarter(ctx context.Context, tc *aztables.Client, kind aztables.TransactionType) error {
	var acts []aztables.TransactionAction
	for _, row := range starterRows() {
		raw, err := json.Marshal(row)
		if err != nil {
			return err
		}
		acts = append(acts, aztables.TransactionAction{ActionType: kind, Entity: raw})
	}
	_, err := tc.SubmitTransaction(ctx, acts, nil) // S
	return err
}
