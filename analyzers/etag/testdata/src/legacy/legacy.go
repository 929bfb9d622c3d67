package legacy

import "github.com/Azure/azure-sdk-for-go/storage"

// Read, change, write back with force: If-Match * overwrites a concurrent
// update.
func rename(t *storage.Table, pk, rk, name string) error {
	e := t.GetEntityReference(pk, rk)
	if err := e.Get(30, storage.FullMetadata, nil); err != nil {
		return err
	}
	e.Properties["Name"] = name
	return e.Update(true, nil) // want `TL414: Update\(true, …\), which sends If-Match \*, writes back the entity read by Get \(line 9\)`
}

func bump(t *storage.Table, pk, rk string) error {
	e := t.GetEntityReference(pk, rk)
	if err := e.Get(30, storage.MinimalMetadata, nil); err != nil {
		return err
	}
	n, _ := e.Properties["Count"].(int64)
	e.Properties["Count"] = n + 1
	if err := e.InsertOrReplace(nil); err != nil { // want `TL414: InsertOrReplace, which sends no If-Match, writes back the entity read by Get \(line 18\)`
		return err
	}
	return e.InsertOrMerge(&storage.EntityOptions{Timeout: 30}) // want `TL414: InsertOrMerge, which sends no If-Match`
}

// Another reference to the same entity (same table, same keys).
func copyBack(t *storage.Table, pk, rk string) error {
	old := t.GetEntityReference(pk, rk)
	if err := old.Get(30, storage.FullMetadata, nil); err != nil {
		return err
	}
	e := t.GetEntityReference(pk, rk)
	e.Properties = old.Properties
	return e.Merge(true, nil) // want `TL414: Merge\(true, …\), which sends If-Match \*`
}

// Silent below.

// force false sends the ETag the Get stored in the entity.
func conditional(t *storage.Table, pk, rk, name string) error {
	e := t.GetEntityReference(pk, rk)
	if err := e.Get(30, storage.FullMetadata, nil); err != nil {
		return err
	}
	e.Properties["Name"] = name
	return e.Update(false, nil)
}

// No read: a blind write.
func blind(t *storage.Table, pk, rk string) error {
	e := t.GetEntityReference(pk, rk)
	e.Properties = map[string]interface{}{"Name": "x"}
	return e.InsertOrReplace(nil)
}

// Insert fails on conflict.
func insert(t *storage.Table, pk, rk string) error {
	old := t.GetEntityReference(pk, rk)
	if err := old.Get(30, storage.FullMetadata, nil); err == nil {
		return nil
	}
	e := t.GetEntityReference(pk, rk)
	return e.Insert(storage.EmptyPayload, nil)
}

// Copied under new keys, or into another table.
func archive(t, archive *storage.Table, pk, rk string) error {
	e := t.GetEntityReference(pk, rk)
	if err := e.Get(30, storage.FullMetadata, nil); err != nil {
		return err
	}
	a := archive.GetEntityReference(pk, rk)
	a.Properties = e.Properties
	if err := a.InsertOrReplace(nil); err != nil {
		return err
	}
	e.RowKey = "done_" + rk
	return e.InsertOrReplace(nil)
}

// A force decided at run time.
func maybe(t *storage.Table, pk, rk string, force bool) error {
	e := t.GetEntityReference(pk, rk)
	if err := e.Get(30, storage.FullMetadata, nil); err != nil {
		return err
	}
	return e.Update(force, nil)
}

// Written back in a batch with the ETag ignored.
func batchedClose(t *storage.Table, pk, rk string) error {
	acct := t.GetEntityReference(pk, rk)
	if err := acct.Get(30, storage.FullMetadata, nil); err != nil {
		return err
	}
	acct.Properties["Closed"] = true
	b := t.NewBatch()
	b.InsertOrReplaceEntityByForce(acct) // want `TL414: InsertOrReplaceEntityByForce, which sends no If-Match, writes back the entity read by Get \(line 96\)`
	b.InsertOrMergeEntity(acct, true)    // want `TL414: InsertOrMergeEntity, which sends no If-Match`
	return b.ExecuteBatch()
}

// A batch's insert-or-merge sends no If-Match even with force false.
func batchedNoForce(t *storage.Table, pk, rk string) error {
	acct := t.GetEntityReference(pk, rk)
	if err := acct.Get(30, storage.FullMetadata, nil); err != nil {
		return err
	}
	acct.Properties["Closed"] = true
	b := t.NewBatch()
	b.InsertOrMergeEntity(acct, false) // want `TL414: InsertOrMergeEntity, which sends no If-Match, writes back the entity read by Get \(line 109\)`
	return b.ExecuteBatch()
}

// Batched with the ETag the Get stored, or with no read.
func batchedIf(t *storage.Table, pk, rk string) error {
	acct := t.GetEntityReference(pk, rk)
	if err := acct.Get(30, storage.FullMetadata, nil); err != nil {
		return err
	}
	acct.Properties["Closed"] = true
	b := t.NewBatch()
	b.MergeEntity(acct)
	fresh := t.GetEntityReference(pk, "audit")
	b.InsertOrReplaceEntityByForce(fresh)
	return b.ExecuteBatch()
}
