// Package archivemove moves finished jobs from the live table to the archive.
package archivemove

import (
	"context"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

// Mover holds both tables.
type Mover struct {
	svc *aztables.ServiceClient
}

// Finish moves one job: read it, copy it to the archive, delete the original.
func (m *Mover) Finish(ctx context.Context, owner, job string) error {
	live := m.svc.NewClient("jobs")
	archive := m.svc.NewClient("jobsarchive")
	r, err := live.GetEntity(ctx, owner, job, nil)
	if err != nil {
		return err
	}
	if _, err := archive.AddEntity(ctx, r.Value, nil); err != nil { // L: TL408
		return err
	}
	_, err = live.DeleteEntity(ctx, owner, job, nil)
	return err
}

// Touch copies a job's row to the same table under a second key of the
// same partition, in one transaction.
func (m *Mover) Touch(ctx context.Context, owner string, row []byte) error {
	live := m.svc.NewClient("jobs")
	_, err := live.SubmitTransaction(ctx, []aztables.TransactionAction{ // S
		{ActionType: aztables.TransactionTypeInsertReplace, Entity: row},
	}, nil)
	return err
}
