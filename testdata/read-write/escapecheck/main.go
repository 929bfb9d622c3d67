// Package escapecheck tries keys with unusual characters against the
// storage emulator (shape of a key-escaping experiment).
package escapecheck

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

const emulator = "DefaultEndpointsProtocol=http;AccountName=devstoreaccount1;AccountKey=Eby8vdM02xNOcqFlqUwJPLlmEtlCDXJ1OUzFT50uSRZ6IFsuFq2UVErCz4I6tq/K1SZFPTOtr/KBHBeksoGMGw==;TableEndpoint=http://127.0.0.1:10002/devstoreaccount1;"

// Run inserts one row per sample string.
func Run(ctx context.Context, samples []string) error {
	svc, err := aztables.NewServiceClientFromConnectionString(emulator, nil) // S
	if err != nil {
		return err
	}
	c := svc.NewClient("escapes")
	if _, err := c.CreateTable(ctx, nil); err != nil {
		return err
	}
	for _, s := range samples {
		if err := insert(ctx, c, fmt.Sprintf("pk %s", s), fmt.Sprintf("rk %s", s)); err != nil { // S
			return err
		}
	}
	return insert(ctx, c, "pk/slash", "rk") // L: TL201
}

func insert(ctx context.Context, c *aztables.Client, pk, rk string) error {
	b, err := json.Marshal(aztables.Entity{PartitionKey: pk, RowKey: rk})
	if err != nil {
		return err
	}
	_, err = c.AddEntity(ctx, b, nil)
	return err
}
