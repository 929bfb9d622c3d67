// Package rotation empties metrics tables: the daily job drops the
// scratch table and creates it again; the monthly job uses one table per
// month.
package rotation

import (
	"context"
	"fmt"
	"time"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

// ResetScratch empties the scratch table by dropping and re-creating it:
// the service refuses the name for a while after a delete (409
// TableBeingDeleted), so the job fails most nights.
func ResetScratch(ctx context.Context, svc *aztables.ServiceClient) error {
	if _, err := svc.DeleteTable(ctx, "metricsscratch", nil); err != nil {
		return err
	}
	_, err := svc.CreateTable(ctx, "metricsscratch", nil) // L: TL104
	return err
}

// monthTable names the table of a month: "metrics202611".
func monthTable(t time.Time) string { return fmt.Sprintf("metrics%04d%02d", t.Year(), int(t.Month())) }

// RollMonth creates next month's table and drops the one from a year ago.
func RollMonth(ctx context.Context, svc *aztables.ServiceClient, now time.Time) error {
	if _, err := svc.CreateTable(ctx, monthTable(now.AddDate(0, 1, 0)), nil); err != nil { // S
		return err
	}
	_, err := svc.DeleteTable(ctx, monthTable(now.AddDate(-1, 0, 0)), nil)
	return err
}
