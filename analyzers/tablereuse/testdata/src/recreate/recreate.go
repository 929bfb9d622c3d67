package recreate

import (
	"context"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

// Reset by delete and create: the create fails while the delete runs.
func reset(ctx context.Context, svc *aztables.ServiceClient) error {
	if _, err := svc.DeleteTable(ctx, "Sessions", nil); err != nil {
		return err
	}
	_, err := svc.CreateTable(ctx, "Sessions", nil) // want `TL104: the table deleted at line 11 is created again under its name \(409 until the delete ends\)$`
	return err
}

// The same client.
func resetClient(ctx context.Context, svc *aztables.ServiceClient, name string) error {
	c := svc.NewClient(name)
	_, _ = c.Delete(ctx, nil)
	_, err := c.CreateTable(ctx, nil) // want `TL104`
	return err
}

// A conditional delete still makes the create fail when it ran.
func ensureEmpty(ctx context.Context, svc *aztables.ServiceClient, name string, exists bool) error {
	if exists {
		_, _ = svc.DeleteTable(ctx, name, nil)
	}
	_, err := svc.NewClient(name).CreateTable(ctx, nil) // want `TL104`
	return err
}

const table = "Cache"

// Names through a constant and a variable.
func viaConst(ctx context.Context, svc *aztables.ServiceClient) {
	_, _ = svc.DeleteTable(ctx, table, nil)
	n := "Cache"
	_, _ = svc.CreateTable(ctx, n, nil) // want `TL104`
}
