package scan

import (
	"fmt"

	"github.com/Azure/azure-sdk-for-go/storage"
)

// One segment of a scan on Region, its size only compared, and the
// first badge it holds revoked by the badge's own Delete.
func revokeFirstBadge(t *storage.Table, region string) error {
	seg, err := t.QueryEntities(20, storage.NoMetadata, &storage.QueryOptions{Filter: "Region eq '" + region + "'"}) // want `TL313: this scan only finds the keys of entities to delete`
	if err != nil {
		return err
	}
	if len(seg.Entities) < 1 {
		return nil
	}
	return seg.Entities[0].Delete(true, nil)
}

// The first badge kept in a local, its use count moved on and merged back.
func stampFirstBadge(t *storage.Table, holder string) error {
	seg, err := t.QueryEntities(20, storage.NoMetadata, &storage.QueryOptions{Filter: "Holder eq '" + holder + "'"}) // want `TL313: this scan only finds the keys of entities to update`
	if err != nil || len(seg.Entities) == 0 {
		return err
	}
	badge := seg.Entities[0]
	uses, _ := badge.Properties["Uses"].(int)
	badge.Properties["Uses"] = uses + 1
	return badge.Merge(false, nil)
}

// The twins: the badge is also printed, or the segment is returned,
// or the first badge is only written back untouched: silent.
func revokeShownBadge(t *storage.Table, region string) error {
	seg, err := t.QueryEntities(20, storage.NoMetadata, &storage.QueryOptions{Filter: "Region eq '" + region + "'"})
	if err != nil || len(seg.Entities) == 0 {
		return err
	}
	badge := seg.Entities[0]
	fmt.Println("revoking", badge.Properties["Holder"])
	return badge.Delete(true, nil)
}

func revokeAndKeep(t *storage.Table, region string) (*storage.EntityQueryResult, error) {
	seg, err := t.QueryEntities(20, storage.NoMetadata, &storage.QueryOptions{Filter: "Region eq '" + region + "'"})
	if err != nil || len(seg.Entities) == 0 {
		return nil, err
	}
	return seg, seg.Entities[0].Delete(true, nil)
}

func rewriteFirstBadge(t *storage.Table, region string) error {
	seg, err := t.QueryEntities(20, storage.NoMetadata, &storage.QueryOptions{Filter: "Region eq '" + region + "'"})
	if err != nil || len(seg.Entities) == 0 {
		return err
	}
	return seg.Entities[0].InsertOrReplace(nil)
}
