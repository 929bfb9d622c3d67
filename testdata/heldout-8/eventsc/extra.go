package eventsc

import (
	"fmt"

	"github.com/Azure/azure-sdk-for-go/storage"
)

// (added) Streams lists every stream by its head row, following every
// segment.
func (l *Log) Streams() ([]string, error) {
	var names []string
	res, err := l.tbl().QueryEntities(10, storage.MinimalMetadata, &storage.QueryOptions{Filter: "RowKey eq '" + headRow + "'"}) // L: TL301
	for err == nil {
		for _, e := range res.Entities {
			names = append(names, e.PartitionKey)
		}
		if res.NextLink == nil {
			return names, nil
		}
		res, err = res.NextResults(nil)
	}
	return nil, err
}

// (added) Snapshot stores a folded state beside the stream under a padded
// version, so that the newest snapshot sorts last.
func (l *Log) Snapshot(stream string, v int64, state []byte) error {
	e := l.tbl().GetEntityReference(stream, fmt.Sprintf("snap-%019d", v)) // S
	e.Properties = map[string]interface{}{"state": state}
	return e.InsertOrReplace(nil)
}

// (added) Snapshots reads the snapshot rows of one stream, every segment.
func (l *Log) Snapshots(stream string) ([]*storage.Entity, error) {
	f := "PartitionKey eq '" + quote(stream) + "' and RowKey ge 'snap-' and RowKey lt 'snap.'" // S
	var rows []*storage.Entity
	res, err := l.tbl().QueryEntities(10, storage.FullMetadata, &storage.QueryOptions{Filter: f})
	for err == nil {
		rows = append(rows, res.Entities...)
		if res.NextLink == nil {
			return rows, nil
		}
		res, err = res.NextResults(nil)
	}
	return nil, err
}

// (added) Drop deletes a whole stream in one batch: every row the first
// answer returned.
func (l *Log) Drop(stream string) error {
	t := l.tbl()
	res, err := t.QueryEntities(10, storage.MinimalMetadata, &storage.QueryOptions{Filter: "PartitionKey eq '" + quote(stream) + "'"}) // L: TL307
	if err != nil {
		return err
	}
	b := t.NewBatch()
	for _, e := range res.Entities {
		b.DeleteEntity(e, true)
	}
	return b.ExecuteBatch() // L: TL401
}

// (added) Purge deletes a stream a hundred rows at a time, every segment.
func (l *Log) Purge(stream string) error {
	t := l.tbl()
	res, err := t.QueryEntities(10, storage.MinimalMetadata, &storage.QueryOptions{Top: 100, Filter: "PartitionKey eq '" + quote(stream) + "'"})
	for err == nil {
		b := t.NewBatch()
		for _, e := range res.Entities {
			b.DeleteEntity(e, true)
		}
		if err := b.ExecuteBatch(); err != nil { // S
			return err
		}
		if res.NextLink == nil {
			return nil
		}
		res, err = res.NextResults(nil)
	}
	return err
}
