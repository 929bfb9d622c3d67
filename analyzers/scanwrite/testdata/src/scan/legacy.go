package scan

import (
	"fmt"

	"github.com/Azure/azure-sdk-for-go/storage"
)

// The legacy API: every segment of a scan on Owner is followed and each
// entity found is deleted by its own Delete.
func dropOwned(t *storage.Table, owner string) error {
	res, err := t.QueryEntities(30, storage.MinimalMetadata, &storage.QueryOptions{
		Filter: "Owner eq '" + owner + "'", // want `TL313: this scan only finds the keys of entities to delete`
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

// Each entity's own property moved on and merged back.
func touchOwned(t *storage.Table, owner string) error {
	res, err := t.QueryEntities(30, storage.FullMetadata, &storage.QueryOptions{Filter: "Owner eq '" + owner + "'"}) // want `TL313: this scan only finds the keys of entities to update`
	if err != nil {
		return err
	}
	for _, e := range res.Entities {
		n, _ := e.Properties["Touches"].(int)
		e.Properties["Touches"] = n + 1
		if err := e.Merge(false, nil); err != nil {
			return err
		}
	}
	return nil
}

// The twins: the entities are also shown, or the result leaves the
// function: silent.
func dropShown(t *storage.Table, owner string) error {
	res, err := t.QueryEntities(30, storage.MinimalMetadata, &storage.QueryOptions{Filter: "Owner eq '" + owner + "'"})
	if err != nil {
		return err
	}
	for _, e := range res.Entities {
		fmt.Println("dropping", e.Properties["Name"])
		if err := e.Delete(true, nil); err != nil {
			return err
		}
	}
	return nil
}

func owned(t *storage.Table, owner string) (*storage.EntityQueryResult, error) {
	res, err := t.QueryEntities(30, storage.MinimalMetadata, &storage.QueryOptions{Filter: "Owner eq '" + owner + "'"})
	if err != nil {
		return nil, err
	}
	for _, e := range res.Entities {
		_ = e.Delete(true, nil)
	}
	return res, nil
}
