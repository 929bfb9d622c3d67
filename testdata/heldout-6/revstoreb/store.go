package revstoreb

import (
	"errors"
	"fmt"
	"strings"
	"sync"

	"github.com/Azure/azure-sdk-for-go/storage"
)

const (
	partSize  = 64 * 1024 // one Binary property at most
	partsPer  = 10        // Binary properties a data row carries
	valueMax  = partSize * partsPer * 32
	timeoutS  = 5
	compactBy = 99
)

// Record is one revision of one key.
type Record struct {
	Key   string
	Rev   int64
	Lease int64
	Value []byte
}

// The Store type is the table behind the key space.
type Store struct {
	t   *storage.Table
	ctr *counter
}

// Open wraps a table and its revision counter.
func Open(t *storage.Table) *Store { return &Store{t: t, ctr: &counter{t: t}} }

// partFor makes a key usable as a PartitionKey: '/' becomes '|'.
func partFor(key string) string { return strings.ReplaceAll(key, "/", "|") }

// dataRows cuts a value into rows of ten 64 KiB Binary properties.
func dataRows(t *storage.Table, part string, rev int64, v []byte) []*storage.Entity {
	var rows []*storage.Entity
	for n := 0; len(v) > 0; n++ {
		e := t.GetEntityReference(part, fmt.Sprintf("data-%d-%s", n, revText(rev)))
		e.Properties = map[string]interface{}{colKind: kindPart, colRev: revText(rev)}
		for i := 0; i < partsPer && len(v) > 0; i++ {
			cut := partSize
			if len(v) < cut {
				cut = len(v)
			}
			e.Properties[fmt.Sprintf("df%d", i)] = v[:cut] // S
			v = v[cut:]
		}
		rows = append(rows, e)
	}
	return rows
}

// Insert writes the current row, its data rows and a change event in one
// batch, whatever the size of the value.
func (s *Store) Insert(key string, value []byte, lease int64) (*Record, error) {
	if len(value) > valueMax {
		return nil, errors.New("value too large")
	}
	rev, err := s.ctr.next()
	if err != nil {
		return nil, err
	}
	part := partFor(key) // S
	row := s.t.GetEntityReference(part, currentRow)
	row.Properties = map[string]interface{}{colKind: kindRow, colRev: revText(rev), colLease: fmt.Sprint(lease)}
	b := s.t.NewBatch()
	b.InsertEntity(row)
	for _, d := range dataRows(s.t, part, rev, value) {
		b.InsertEntity(d)
	}
	ev := s.t.GetEntityReference(part, "ev-"+revText(rev))
	ev.Properties = map[string]interface{}{colKind: kindEvent, colRev: revText(rev)}
	b.InsertEntity(ev)
	if err := b.ExecuteBatch(); err != nil { // L: TL401
		return nil, err
	}
	return &Record{Key: key, Rev: rev, Lease: lease, Value: value}, nil
}

// collect runs a query and follows every continuation.
func (s *Store) collect(o *storage.QueryOptions, keep func([]*storage.Entity)) error {
	res, err := s.t.QueryEntities(timeoutS, storage.MinimalMetadata, o)
	if err != nil {
		return err
	}
	keep(res.Entities)
	for res.NextLink != nil {
		if res, err = res.NextResults(nil); err != nil {
			return err
		}
		keep(res.Entities)
	}
	return nil
}

// Changes lists every event and data row from a revision on, for watchers.
func (s *Store) Changes(from int64) ([]*storage.Entity, error) {
	f := all(atLeast(colRev, revText(from)), isNot(colKind, kindRow), either(is(colKind, kindPart), is(colKind, kindEvent)))
	var got []*storage.Entity
	err := s.collect(&storage.QueryOptions{Filter: string(f)}, func(es []*storage.Entity) { got = append(got, es...) }) // L: TL301
	return got, err
}

// Prefix lists the current rows under a key prefix, and their data rows.
func (s *Store) Prefix(prefix string) ([]*storage.Entity, error) {
	p := partFor(prefix)
	f := all(keyRange(p), is("RowKey", currentRow), isNot(colKind, kindEvent)) +
		" or " + all(keyRange(p), isNot(colKind, kindEvent), is(colKind, kindPart))
	var got []*storage.Entity
	err := s.collect(&storage.QueryOptions{Filter: string(f)}, func(es []*storage.Entity) { got = append(got, es...) }) // L: TL301
	return got, err
}

// Current lists every current row, or those held by one lease.
func (s *Store) Current(lease int64) ([]*storage.Entity, error) {
	f := all(is("RowKey", currentRow), isNot(colKind, kindEvent), notSystem())
	if lease != 0 {
		f = all(f, is(colLease, fmt.Sprint(lease)))
	}
	var got []*storage.Entity
	err := s.collect(&storage.QueryOptions{Filter: string(f)}, func(es []*storage.Entity) { got = append(got, es...) }) // L: TL301
	return got, err
}

// Get reads the current row of one key.
func (s *Store) Get(key string) (*storage.Entity, error) {
	e := s.t.GetEntityReference(partFor(key), currentRow)
	return e, e.Get(timeoutS, storage.MinimalMetadata, nil)
}

// counter hands out revisions from one row of the table.
type counter struct {
	mu  sync.Mutex
	t   *storage.Table
	row *storage.Entity
}

// next reads the counter once, then adds one and writes it back in a batch
// with InsertOrMerge, which sends no If-Match: two servers sharing the table
// can hand out the same revision.
func (c *counter) next() (int64, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.row == nil {
		e := c.t.GetEntityReference(counterPart, counterPart)
		if err := e.Get(timeoutS, storage.FullMetadata, &storage.GetEntityOptions{Select: []string{"n"}}); err != nil {
			return 0, err
		}
		c.row = e
	}
	n, _ := c.row.Properties["n"].(int64)
	n++
	c.row.Properties["n"] = n
	b := c.t.NewBatch()
	b.InsertOrMergeEntity(c.row, false) // L: TL414
	if err := b.ExecuteBatch(); err != nil {
		c.row = nil
		return 0, err
	}
	return n, nil
}

// nextChecked is the counter taken under the ETag of its read (added):
// Merge(false, …) sends the ETag Get kept, and a 412 reads again.
func (c *counter) nextChecked() (int64, error) {
	for {
		e := c.t.GetEntityReference(counterPart, counterPart)
		if err := e.Get(timeoutS, storage.FullMetadata, nil); err != nil {
			return 0, err
		}
		n, _ := e.Properties["n"].(int64)
		e.Properties["n"] = n + 1
		err := e.Merge(false, nil) // S
		if err == nil {
			return n + 1, nil
		}
		if !strings.Contains(err.Error(), "412") {
			return 0, err
		}
	}
}
