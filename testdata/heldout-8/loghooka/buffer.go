package loghooka

import (
	"sync"

	"github.com/Azure/azure-sdk-for-go/storage"
)

// Buffered (added) keeps entries in memory and writes them in batches.
type Buffered struct {
	mu      sync.Mutex
	tbl     *storage.Table
	pending []*Entry
}

// Add queues an entry.
func (b *Buffered) Add(e *Entry) {
	b.mu.Lock()
	b.pending = append(b.pending, e)
	b.mu.Unlock()
}

// Close writes everything still queued.
func (b *Buffered) Close() error {
	b.mu.Lock()
	all := b.pending
	b.pending = nil
	b.mu.Unlock()
	return writeAll(b.tbl, all)
}

// Flush writes everything queued, a hundred entries a batch.
func (b *Buffered) Flush() error {
	b.mu.Lock()
	all := b.pending
	b.pending = nil
	b.mu.Unlock()
	return writeChunked(b.tbl, all)
}

func entryRow(t *storage.Table, e *Entry) *storage.Entity {
	row := t.GetEntityReference(logPartition, newestFirst(e.At))
	row.Properties = map[string]interface{}{"Level": e.Level.String(), "Message": e.Message}
	return row
}

// writeAll puts every entry it is given into one batch.
func writeAll(t *storage.Table, entries []*Entry) error {
	batch := t.NewBatch()
	for _, e := range entries {
		batch.InsertEntity(entryRow(t, e))
	}
	return batch.ExecuteBatch() // L: TL401
}

// writeChunked is writeAll's twin: a batch per hundred entries.
func writeChunked(t *storage.Table, entries []*Entry) error {
	for start := 0; start < len(entries); start += 100 {
		end := min(start+100, len(entries))
		batch := t.NewBatch()
		for _, e := range entries[start:end] {
			batch.InsertEntity(entryRow(t, e))
		}
		if err := batch.ExecuteBatch(); err != nil { // S
			return err
		}
	}
	return nil
}
