package strikesd

import (
	"time"

	"github.com/Azure/azure-sdk-for-go/storage"
)

// stamped keeps the install time with the row. (added)
func stamped(t *storage.Table, d *Deployment) *storage.Entity {
	e := t.GetEntityReference(d.ID, d.Name)
	e.Properties = map[string]interface{}{
		"Package":   d.Package,
		"Version":   d.Version,
		"Timestamp": d.Installed, // L: TL128
	}
	return e
}

// stampedOwn is stamped's twin: the time in a property of its own. (added)
func stampedOwn(t *storage.Table, d *Deployment) *storage.Entity {
	e := t.GetEntityReference(d.ID, d.Name)
	e.Properties = map[string]interface{}{
		"Package":     d.Package,
		"Version":     d.Version,
		"InstalledAt": d.Installed, // S
	}
	return e
}

// Restamp writes both shapes for a deployment installed now. (added)
func Restamp(d Deployment) error {
	t, err := plant()
	if err != nil {
		return err
	}
	d.Installed = time.Now().UTC()
	if err := stamped(t, &d).InsertOrMerge(nil); err != nil {
		return err
	}
	return stampedOwn(t, &d).InsertOrMerge(nil) // S
}

// queryEvery follows a query to its last page.
func queryEvery(t *storage.Table, filter string) ([]*storage.Entity, error) {
	res, err := t.QueryEntities(30, storage.MinimalMetadata, &storage.QueryOptions{Filter: filter})
	if err != nil {
		return nil, err
	}
	rows := res.Entities
	for res.NextLink != nil {
		if res, err = res.NextResults(nil); err != nil {
			return nil, err
		}
		rows = append(rows, res.Entities...)
	}
	return rows, nil
}

// Find looks a deployment up by the name the user typed. (added)
func Find(name string) ([]Deployment, error) {
	t, err := plant()
	if err != nil {
		return nil, err
	}
	filter := "RowKey eq '" + name + "'" // L: TL321
	rows, err := queryEvery(t, filter)   // L: TL301
	if err != nil {
		return nil, err
	}
	out := make([]Deployment, 0, len(rows))
	for _, e := range rows {
		out = append(out, fromRow(e))
	}
	return out, nil
}

// Uninstall forgets every deployment of a resource group: the rows are found
// by a scan on a non-key property and deleted one by one. (added)
func Uninstall(group string) error {
	t, err := plant()
	if err != nil {
		return err
	}
	res, err := t.QueryEntities(30, storage.MinimalMetadata, &storage.QueryOptions{
		Filter: "Group eq '" + group + "'", // L: TL321 TL301 TL313
		Select: []string{"PartitionKey", "RowKey"},
	})
	if err != nil {
		return err
	}
	for {
		for _, e := range res.Entities {
			if err := e.Delete(true, nil); err != nil {
				return err
			}
		}
		if res.NextLink == nil {
			return nil
		}
		if res, err = res.NextResults(nil); err != nil {
			return err
		}
	}
}

// Upgrade reads the deployment, sets the new version and writes it back
// with InsertOrReplace, which sends no ETag. (added)
func Upgrade(id, name, version string) error {
	t, err := plant()
	if err != nil {
		return err
	}
	e := t.GetEntityReference(id, name)
	if err := e.Get(30, storage.MinimalMetadata, nil); err != nil {
		return err
	}
	e.Properties["Version"] = version
	return e.InsertOrReplace(nil) // L: TL414
}

// Pin reads only the fields it shows and replaces the row with the version
// alone: Group and Package are deleted. (added)
func Pin(id, name, version string) error {
	t, err := plant()
	if err != nil {
		return err
	}
	e := t.GetEntityReference(id, name)
	if err := e.Get(30, storage.MinimalMetadata, &storage.GetEntityOptions{Select: []string{"Group", "Package", "Version"}}); err != nil {
		return err
	}
	if e.Properties["Version"] == version {
		return nil
	}
	e.Properties = map[string]interface{}{"Version": version}
	return e.Update(false, nil) // L: TL411
}

// PinMerge is Pin's twin: the same small map merged under the read's ETag. (added)
func PinMerge(id, name, version string) error {
	t, err := plant()
	if err != nil {
		return err
	}
	e := t.GetEntityReference(id, name)
	if err := e.Get(30, storage.MinimalMetadata, &storage.GetEntityOptions{Select: []string{"Group", "Package", "Version"}}); err != nil {
		return err
	}
	e.Properties = map[string]interface{}{"Version": version}
	return e.Merge(false, nil) // S
}
