// Package azuritecheck is a local smoke test against the storage
// emulator, with the emulator's published account and key.
package azuritecheck

import (
	"context"
	"encoding/json"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

const (
	emulatorAccount = "devstoreaccount1"
	emulatorKey     = "Eby8vdM02xNOcqFlqUwJPLlmEtlCDXJ1OUzFT50uSRZ6IFsuFq2UVErCz4I6tq/K1SZFPTOtr/KBHBeksoGMGw=="
)

// Run creates a table, writes a row and reads it back.
func Run(ctx context.Context) error {
	cred, err := aztables.NewSharedKeyCredential(emulatorAccount, emulatorKey) // S
	if err != nil {
		return err
	}
	svc, err := aztables.NewServiceClientWithSharedKey("http://127.0.0.1:10002/devstoreaccount1", cred, nil)
	if err != nil {
		return err
	}
	table := svc.NewClient("smoke-test") // L: TL101
	if _, err := table.CreateTable(ctx, nil); err != nil {
		return err
	}
	b, err := json.Marshal(map[string]any{"PartitionKey": "p1", "RowKey": "r1", "Value": "hello"})
	if err != nil {
		return err
	}
	if _, err := table.UpsertEntity(ctx, b, nil); err != nil {
		return err
	}
	_, err = table.GetEntity(ctx, "p1", "r1", nil)
	return err
}
