package unique

import (
	"context"
	"time"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

// A new table per day: unique names.
func rotate(ctx context.Context, svc *aztables.ServiceClient) error {
	_, _ = svc.DeleteTable(ctx, "Logs"+time.Now().AddDate(0, 0, -30).Format("20060102"), nil)
	_, err := svc.CreateTable(ctx, "Logs"+time.Now().Format("20060102"), nil)
	return err
}

// Exclusive branches.
func either(ctx context.Context, svc *aztables.ServiceClient, drop bool) {
	if drop {
		_, _ = svc.DeleteTable(ctx, "Orders", nil)
	} else {
		_, _ = svc.CreateTable(ctx, "Orders", nil)
	}
}

func byMode(ctx context.Context, svc *aztables.ServiceClient, mode string) {
	switch mode {
	case "down":
		_, _ = svc.DeleteTable(ctx, "Orders", nil)
	case "up":
		_, _ = svc.CreateTable(ctx, "Orders", nil)
	}
}

// The delete's block returns before the create.
func cleanupOrCreate(ctx context.Context, svc *aztables.ServiceClient, done bool) error {
	if done {
		_, err := svc.DeleteTable(ctx, "Work", nil)
		return err
	}
	_, err := svc.CreateTable(ctx, "Work", nil)
	return err
}

// Create before delete (a test's setup and teardown).
func setupTeardown(ctx context.Context, svc *aztables.ServiceClient) {
	_, _ = svc.CreateTable(ctx, "Scratch", nil)
	_, _ = svc.DeleteTable(ctx, "Scratch", nil)
}

// Different names, and different clients.
func other(ctx context.Context, svc *aztables.ServiceClient, a, b *aztables.Client) {
	_, _ = svc.DeleteTable(ctx, "Old", nil)
	_, _ = svc.CreateTable(ctx, "New", nil)
	_, _ = a.Delete(ctx, nil)
	_, _ = b.CreateTable(ctx, nil)
}

// Each in its own function literal.
func deferred(ctx context.Context, svc *aztables.ServiceClient) {
	defer func() { _, _ = svc.DeleteTable(ctx, "Tmp", nil) }()
	_, _ = svc.CreateTable(ctx, "Tmp", nil)
}
