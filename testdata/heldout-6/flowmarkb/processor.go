package flowmarkb

import "github.com/Azure/azure-sdk-for-go/storage"

// BlobInfo is one listed flow-log blob.
type BlobInfo struct {
	Path string
	Tag  string
	Size int64
}

// Job is a blob range handed to a reader.
type Job struct {
	Path       string
	From, Upto int64
}

// Scan decides which blobs changed since their mark. Before comparing, the
// blob's size is written into its mark: the mark is read, its Size changed
// and the whole entity put back with no condition, while the acknowledger
// may be advancing the same mark.
func (m *Marks) Scan(blobs []BlobInfo) ([]Job, error) {
	var jobs []Job
	for _, bl := range blobs {
		part, row, err := keysFor(bl.Path)
		if err != nil {
			continue
		}
		q := &storage.QueryOptions{Top: 1, Filter: m.matchKeys(part, row)}
		res, err := m.tbl.QueryEntities(m.timeout, storage.NoMetadata, q) // S
		if err != nil {
			return nil, err
		}
		var e *storage.Entity
		if len(res.Entities) > 0 {
			e = res.Entities[0]
		} else {
			e = m.tbl.GetEntityReference(part, row)
			e.Properties = map[string]interface{}{"BlobTag": "", "Offset": int64(0)}
		}
		e.Properties["Size"] = bl.Size
		b := m.tbl.NewBatch()
		b.InsertOrReplaceEntityByForce(e) // L: TL414
		if err := b.ExecuteBatch(); err != nil {
			return nil, err
		}
		pos := fromEntity(e)
		if pos.BlobTag == bl.Tag {
			continue
		}
		jobs = append(jobs, Job{Path: bl.Path, From: pos.Offset, Upto: bl.Size})
	}
	return jobs, nil
}

// Resize is the same size update done under the ETag of the read (added):
// Get keeps the ETag in the entity and Update(false, …) sends it.
func (m *Marks) Resize(part, row string, size int64) error {
	e := m.tbl.GetEntityReference(part, row)
	if err := e.Get(m.timeout, storage.FullMetadata, nil); err != nil {
		return err
	}
	e.Properties["Size"] = size
	return e.Update(false, nil) // S
}

// Rewind sets a mark back to the start after a blob was rewritten (added):
// read, change the offset, and merge by force, which sends If-Match *.
func (m *Marks) Rewind(part, row string) error {
	e := m.tbl.GetEntityReference(part, row)
	if err := e.Get(m.timeout, storage.FullMetadata, nil); err != nil {
		return err
	}
	e.Properties["Offset"] = int64(0)
	return e.Merge(true, nil) // L: TL414
}
