package dup

import "github.com/Azure/azure-sdk-for-go/storage"

type kennel struct {
	runs *storage.Table
}

// dogRow names a dog's row and fills it; callers get a fresh reference.
func (k *kennel) dogRow(name string, weight float64) *storage.Entity {
	e := k.runs.GetEntityReference("dogs", name)
	e.Properties = map[string]interface{}{"Weight": weight}
	return e
}

// The reference from the helper is queued for a merge and then for a
// delete in the same batch.
func (k *kennel) adoptOut(name string) error {
	rex := k.dogRow(name, 31.5)
	tx := k.runs.NewBatch()
	tx.MergeEntity(rex)
	tx.DeleteEntityByForce(rex, true) // want `TL404: this action changes the entity of the action at line 21 again`
	return tx.ExecuteBatch()
}

// Two references to one row, named by the same constant keys.
func (k *kennel) weighTwice() error {
	first := k.runs.GetEntityReference("dogs", "bruno")
	again := k.runs.GetEntityReference("dogs", "bruno")
	tx := k.runs.NewBatch()
	tx.InsertOrMergeEntity(first, false)
	tx.ReplaceEntity(again) // want `TL404: this action changes entity PartitionKey "dogs", RowKey "bruno" again, after the action at line 31`
	return tx.ExecuteBatch()
}
