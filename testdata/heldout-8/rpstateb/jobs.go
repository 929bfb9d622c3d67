package rpstateb

import (
	"github.com/Azure/azure-sdk-for-go/storage"
	"github.com/google/uuid"
)

type job struct {
	sub        uuid.UUID
	resourceID string
	spec       *Spec
	verb       string
}

var jobs = make(chan job, 16)

// runJobs runs the bundle for each accepted request and records the outcome.
func runJobs(run func(job) (string, error)) {
	for j := range jobs {
		op := uuid.New().String()
		_ = TrackOp(j.sub.String(), op, j.verb, "Running", nil)
		_ = SetPhase(j.sub.String(), j.resourceID, "Running"+j.verb)
		out, err := run(j)
		if err != nil {
			_ = RecordFailure(j.sub.String(), j.resourceID, &Failure{Code: "BundleFailed", Message: err.Error()})
			_ = TrackOp(j.sub.String(), op, j.verb, "Failed", err.Error())
			continue
		}
		j.spec.Provisioning = "Succeeded"
		j.spec.LastOp = op
		_ = SaveSpec(j.sub.String(), j.resourceID, j.spec)
		_ = TrackOp(j.sub.String(), op, j.verb, "Succeeded", out)
	}
}

// cancelSpec marks a resource canceled after reading its state (added).
func cancelSpec(subscription, resourceID string) error {
	row, err := resourceRow(subscription, resourceID)
	if err != nil {
		return err
	}
	if err := row.Get(callTimeout, storage.MinimalMetadata, nil); err != nil {
		return err
	}
	row.Properties["ProvisioningState"] = "Canceled"
	return row.InsertOrReplace(&storage.EntityOptions{Timeout: callTimeout}) // L: TL414
}

// requeueSpec is cancelSpec's twin: the write sends the read's ETag (added).
func requeueSpec(subscription, resourceID string) error {
	row, err := resourceRow(subscription, resourceID)
	if err != nil {
		return err
	}
	if err := row.Get(callTimeout, storage.MinimalMetadata, nil); err != nil {
		return err
	}
	row.Properties["ProvisioningState"] = "Accepted"
	return row.Update(false, &storage.EntityOptions{Timeout: callTimeout}) // S
}

// clearPhase reads the phase and the last operation, then replaces the row
// with the phase alone (added).
func clearPhase(subscription, resourceID string) error {
	row, err := resourceRow(subscription, resourceID)
	if err != nil {
		return err
	}
	if err := row.Get(callTimeout, storage.MinimalMetadata, &storage.GetEntityOptions{Select: []string{"Status", "OperationId"}}); err != nil {
		return err
	}
	if row.Properties["Status"] == "Idle" {
		return nil
	}
	row.Properties = map[string]interface{}{"Status": "Idle"}
	return row.Update(false, &storage.EntityOptions{Timeout: callTimeout}) // L: TL411
}
