package legacysingle

import "github.com/Azure/azure-sdk-for-go/storage"

// Silent below: the write sends the row's ETag, its force is not known,
// nothing written was read, or the read row is copied under other keys.

// The listed lamp switched with force false: If-Match is the row's ETag.
func flipChecked(t *storage.Table) error {
	res, err := t.QueryEntities(30, storage.MinimalMetadata, nil)
	if err != nil || len(res.Entities) == 0 {
		return err
	}
	lamp := res.Entities[0]
	lamp.Properties["lit"] = true
	return lamp.Update(false, nil)
}

// The caller decides the force.
func flipAs(t *storage.Table, force bool) error {
	res, err := t.QueryEntities(30, storage.MinimalMetadata, nil)
	if err != nil || len(res.Entities) == 0 {
		return err
	}
	lamp := res.Entities[0]
	lamp.Properties["lit"] = false
	return lamp.Update(force, nil)
}

// A reference made here and written by force: nothing was read.
func setLamp(t *storage.Table, on bool) error {
	lamp := t.GetEntityReference("lamps", "1")
	lamp.Properties = map[string]interface{}{"lit": on}
	return lamp.Update(true, nil)
}

// Each listed row copied under a dated row key: new rows.
func snapshotAll(t *storage.Table, day string) error {
	res, err := t.QueryEntities(30, storage.MinimalMetadata, nil)
	if err != nil {
		return err
	}
	for _, e := range res.Entities {
		e.RowKey = day + "_" + e.RowKey
		if err := e.InsertOrReplace(nil); err != nil {
			return err
		}
	}
	return nil
}

// Inserted, not upserted: an insert fails if the row exists.
func insertListed(t *storage.Table) error {
	res, err := t.QueryEntities(30, storage.MinimalMetadata, nil)
	if err != nil || len(res.Entities) == 0 {
		return err
	}
	return res.Entities[0].Insert(storage.MinimalMetadata, nil)
}
