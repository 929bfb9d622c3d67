package store

import (
	"net/http"
	"strings"
	"sync"
	"time"
	"unsafe"

	"github.com/google/btree"
	"github.com/tablelint/tablelint/edm"
	"github.com/tablelint/tablelint/internal/limits"
)

// degree is the B-tree's degree: nodes hold up to 2·degree-1 entities.
const degree = 32

// less orders entities by (PartitionKey, RowKey) in the service's string
// order. Partition keys are interned per table, so entities of one
// partition share the string and the equality test is a pointer check.
func less(a, b *Entity) bool {
	// PartitionKeys are interned per partition, so equal ones usually share
	// their bytes and compare equal without a scan.
	if len(a.PartitionKey) != len(b.PartitionKey) || unsafe.StringData(a.PartitionKey) != unsafe.StringData(b.PartitionKey) {
		if c := edm.CompareStrings(a.PartitionKey, b.PartitionKey); c != 0 {
			return c < 0
		}
	}
	return edm.CompareStrings(a.RowKey, b.RowKey) < 0
}

// Table is a table of entities ordered by (PartitionKey, RowKey): a
// B-tree for ordered reads, and per partition a hash index of RowKeys for
// point lookups.
type Table struct {
	name  string
	store *Store

	mu    sync.RWMutex
	tree  *btree.BTreeG[*Entity]
	parts map[string]*partition // by PartitionKey
}

// partition is one partition's interned key and RowKey index.
type partition struct {
	key  string
	rows map[string]*Entity
}

func newTable(s *Store, name string) *Table {
	return &Table{
		name:  name,
		store: s,
		tree:  btree.NewG(degree, less),
		parts: map[string]*partition{},
	}
}

// Name returns the table's name as it was created.
func (t *Table) Name() string { return t.name }

// Len returns the number of entities.
func (t *Table) Len() int {
	t.mu.RLock()
	defer t.mu.RUnlock()
	return t.tree.Len()
}

// Partitions returns the number of distinct partition keys.
func (t *Table) Partitions() int {
	t.mu.RLock()
	defer t.mu.RUnlock()
	return len(t.parts)
}

// PartitionLen returns the number of entities in partition pk.
func (t *Table) PartitionLen(pk string) int {
	t.mu.RLock()
	defer t.mu.RUnlock()
	if p := t.parts[pk]; p != nil {
		return len(p.rows)
	}
	return 0
}

// Lookup returns the entity with the given keys, or nil.
func (t *Table) Lookup(pk, rk string) *Entity {
	t.mu.RLock()
	defer t.mu.RUnlock()
	return t.lookup(pk, rk)
}

func (t *Table) lookup(pk, rk string) *Entity {
	if p := t.parts[pk]; p != nil {
		return p.rows[rk]
	}
	return nil
}

// Get reads one entity: 404 ResourceNotFound when it does not exist.
func (t *Table) Get(pk, rk string) (*Entity, error) {
	if e := t.Lookup(pk, rk); e != nil {
		return e, nil
	}
	return nil, notFound()
}

// Ascend calls fn for every entity whose key is at or after (pk, rk), in
// key order, until fn returns false. The table is locked for reading while
// Ascend runs: fn must not write to it.
func (t *Table) Ascend(pk, rk string, fn func(*Entity) bool) {
	t.mu.RLock()
	defer t.mu.RUnlock()
	t.tree.AscendGreaterOrEqual(&Entity{PartitionKey: pk, RowKey: rk}, fn)
}

// AscendAll calls fn for every entity in key order until fn returns false.
func (t *Table) AscendAll(fn func(*Entity) bool) {
	t.mu.RLock()
	defer t.mu.RUnlock()
	t.tree.Ascend(fn)
}

// put stores e (already stamped), interning its partition key. It returns
// the entity it replaced, if any. Callers hold t.mu.
func (t *Table) put(e *Entity) *Entity {
	p := t.parts[e.PartitionKey]
	if p == nil {
		p = &partition{key: e.PartitionKey, rows: map[string]*Entity{}}
		t.parts[p.key] = p
	}
	e.PartitionKey = p.key
	old := p.rows[e.RowKey]
	p.rows[e.RowKey] = e
	t.tree.ReplaceOrInsert(e)
	return old
}

// putNew stores e, stamped, whose keys are not in the table; p is its
// partition or nil. Callers hold t.mu.
func (t *Table) putNew(p *partition, e *Entity) {
	if p == nil {
		p = &partition{key: e.PartitionKey, rows: map[string]*Entity{}}
		t.parts[p.key] = p
	}
	e.PartitionKey = p.key
	p.rows[e.RowKey] = e
	t.tree.ReplaceOrInsert(e)
}

// remove deletes the entity with e's keys. Callers hold t.mu.
func (t *Table) remove(e *Entity) {
	p := t.parts[e.PartitionKey]
	if p == nil {
		return
	}
	if _, ok := p.rows[e.RowKey]; !ok {
		return
	}
	delete(p.rows, e.RowKey)
	t.tree.Delete(e)
	if len(p.rows) == 0 {
		delete(t.parts, e.PartitionKey)
	}
}

// Options configure a Store.
type Options struct {
	// Clock gives the time for server-set Timestamps; time.Now if nil.
	// Timestamps are made strictly increasing within the Store even if the
	// clock stands still, so that every write has a new ETag.
	Clock func() time.Time
}

// Store is a storage account: a set of tables.
type Store struct {
	opts Options

	mu        sync.RWMutex
	tables    map[string]*Table // by lower-case name
	lastTicks int64
}

// New returns an empty Store.
func New(opts Options) *Store {
	if opts.Clock == nil {
		opts.Clock = time.Now
	}
	return &Store{opts: opts, tables: map[string]*Table{}}
}

// ValidTableName reports whether name is a valid table name:
// ^[A-Za-z][A-Za-z0-9]{2,62}$ and not a reserved name such as "tables".
func ValidTableName(name string) bool { return limits.ValidTableName(name) }

// CreateTable creates a table: 400 InvalidResourceName for an invalid
// name, 409 TableAlreadyExists if a table of that name (ignoring case)
// exists.
func (s *Store) CreateTable(name string) (*Table, error) {
	if !ValidTableName(name) {
		return nil, badRequest(CodeInvalidResourceName, "%q is not a valid table name", name)
	}
	key := strings.ToLower(name)
	s.mu.Lock()
	defer s.mu.Unlock()
	if _, ok := s.tables[key]; ok {
		return nil, newError(http.StatusConflict, CodeTableAlreadyExists, "The table specified already exists.")
	}
	t := newTable(s, name)
	s.tables[key] = t
	return t, nil
}

// DeleteTable deletes a table and its entities: 404 TableNotFound if it
// does not exist.
func (s *Store) DeleteTable(name string) error {
	key := strings.ToLower(name)
	s.mu.Lock()
	defer s.mu.Unlock()
	if _, ok := s.tables[key]; !ok {
		return tableNotFound()
	}
	delete(s.tables, key)
	return nil
}

// Table returns the table of that name (ignoring case): 404 TableNotFound
// if it does not exist.
func (s *Store) Table(name string) (*Table, error) {
	s.mu.RLock()
	t := s.tables[strings.ToLower(name)]
	s.mu.RUnlock()
	if t == nil {
		return nil, tableNotFound()
	}
	return t, nil
}

// Tables returns the names of all tables, in no particular order.
func (s *Store) Tables() []string {
	s.mu.RLock()
	defer s.mu.RUnlock()
	out := make([]string, 0, len(s.tables))
	for _, t := range s.tables {
		out = append(out, t.name)
	}
	return out
}

func tableNotFound() *Error {
	return newError(http.StatusNotFound, CodeTableNotFound, "The table specified does not exist.")
}

// now returns the ticks for the next write: the clock's time, but always
// after the previous write's.
func (s *Store) now() int64 {
	ticks := edm.TimeToTicks(s.opts.Clock())
	s.mu.Lock()
	if ticks <= s.lastTicks {
		ticks = s.lastTicks + 1
	}
	s.lastTicks = ticks
	s.mu.Unlock()
	return ticks
}
