package claimstorea

import (
	"os"

	"github.com/google/uuid"

	"github.com/Azure/azure-sdk-for-go/storage"
)

// Regroup (added) moves a record to another group: read, change the group,
// write it back with an insert-or-replace, which sends no ETag.
func (r *Records) Regroup(kind, name, group string) error {
	if err := r.open(); err != nil {
		return err
	}
	row := r.tbl.GetEntityReference(kind, name)
	if err := row.Get(callTimeout, storage.MinimalMetadata, nil); err != nil {
		return err
	}
	row.Properties["group"] = group
	return row.InsertOrReplace(&storage.EntityOptions{Timeout: callTimeout}) // L: TL414
}

// RegroupIfUnchanged (added) is Regroup's twin: Update(false, …) sends the
// ETag the Get kept, so a concurrent change fails the write.
func (r *Records) RegroupIfUnchanged(kind, name, group string) error {
	if err := r.open(); err != nil {
		return err
	}
	row := r.tbl.GetEntityReference(kind, name)
	if err := row.Get(callTimeout, storage.MinimalMetadata, nil); err != nil {
		return err
	}
	row.Properties["group"] = group
	return row.Update(false, &storage.EntityOptions{Timeout: callTimeout, RequestID: uuid.NewString()}) // S
}

// Scrub (added) keeps only a record's group: it reads the group, the body
// and the compression flag, then replaces the properties with a map that
// has only the group, which deletes the body from the stored record.
func (r *Records) Scrub(kind, name string) error {
	if err := r.open(); err != nil {
		return err
	}
	row := r.tbl.GetEntityReference(kind, name)
	sel := &storage.GetEntityOptions{Select: []string{"group", "data", "compressed"}}
	if err := row.Get(callTimeout, storage.MinimalMetadata, sel); err != nil {
		return err
	}
	g, _ := row.Properties["group"].(string)
	row.Properties = map[string]interface{}{"group": g}
	return row.Update(false, &storage.EntityOptions{Timeout: callTimeout}) // L: TL411
}

// ImportFile (added) loads a record body straight from a file, with none of
// Put's size check.
func (r *Records) ImportFile(kind, group, name, path string) error {
	raw, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	if err := r.open(); err != nil {
		return err
	}
	row := r.tbl.GetEntityReference(kind, name)
	row.Properties = map[string]interface{}{
		"group": group,
		"data":  raw, // L: TL123
	}
	return row.InsertOrReplace(nil)
}
