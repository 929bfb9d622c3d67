package store

import "net/http"

// Mode is how an update or upsert treats the stored entity's properties.
type Mode uint8

// The update modes.
const (
	// Merge keeps stored properties the request does not name.
	Merge Mode = iota + 1
	// Replace replaces the stored entity's properties with the request's.
	Replace
)

// String returns "merge" or "replace".
func (m Mode) String() string {
	if m == Replace {
		return "replace"
	}
	return "merge"
}

// AnyETag is the If-Match value that matches any stored entity.
const AnyETag = "*"

// Insert stores a new entity: 409 EntityAlreadyExists if one with its keys
// exists. It returns the stored entity, with its Timestamp and ETag.
func (t *Table) Insert(e *Entity) (*Entity, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	i, p, _, _ := t.findNew(e.PartitionKey, e.RowKey)
	if i != noRec {
		return nil, conflict()
	}
	s := e.stamp(t.store.now())
	t.putNew(p, s)
	return s, nil
}

func conflict() *Error {
	return newError(http.StatusConflict, CodeEntityAlreadyExists, "The specified entity already exists.")
}

// Update changes an existing entity (Merge or Replace): 404
// ResourceNotFound if it does not exist, 412 UpdateConditionNotSatisfied
// if ifMatch is neither "*" nor the stored entity's ETag. An empty ifMatch
// counts as "*" (the aztables SDK sends "*" when none is given).
func (t *Table) Update(e *Entity, mode Mode, ifMatch string) (*Entity, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	i, p, slot, b := t.findW(e.PartitionKey, e.RowKey)
	if err := t.checkCondition(b, ifMatch); err != nil {
		return nil, err
	}
	return t.write(i, p, slot, b, e, mode)
}

// Upsert inserts the entity or, if it exists, updates it (Merge or
// Replace) without a condition; it always succeeds for a valid entity.
func (t *Table) Upsert(e *Entity, mode Mode) (*Entity, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	i, p, slot, b := t.findNew(e.PartitionKey, e.RowKey)
	return t.write(i, p, slot, b, e, mode)
}

// Delete removes an entity: 404 ResourceNotFound if it does not exist, 412
// UpdateConditionNotSatisfied if ifMatch is neither "*" (or empty) nor its
// ETag.
func (t *Table) Delete(pk, rk, ifMatch string) error {
	t.mu.Lock()
	defer t.mu.Unlock()
	_, _, _, b := t.findW(pk, rk)
	if err := t.checkCondition(b, ifMatch); err != nil {
		return err
	}
	t.remove(pk, rk)
	return nil
}

// checkCondition checks ifMatch against the stored entity encoded in b
// (nil: none).
func (t *Table) checkCondition(b []byte, ifMatch string) error {
	if b == nil {
		return notFound()
	}
	return matchETag(encTicks(b), ifMatch)
}

func checkCondition(cur *Entity, ifMatch string) error {
	if cur == nil {
		return notFound()
	}
	return matchETag(cur.ticks, ifMatch)
}

func matchETag(ticks int64, ifMatch string) error {
	if ifMatch != "" && ifMatch != AnyETag && ifMatch != ETagOf(ticks) {
		return newError(http.StatusPreconditionFailed, CodeUpdateConditionNotSatisfied, "The update condition specified in the request was not satisfied.")
	}
	return nil
}

// write stores e in the given mode over record i (noRec: insert), which
// find returned with p, slot and its encoding b. Callers hold t.mu.
func (t *Table) write(i uint32, p *partition, slot int, b []byte, e *Entity, mode Mode) (*Entity, error) {
	next := e
	if i != noRec && mode == Merge {
		m, err := entityAt(p.key, b).merge(e)
		if err != nil {
			return nil, err
		}
		next = m
	}
	s := next.stamp(t.store.now())
	t.putAt(i, p, slot, s)
	return s, nil
}

// Write is Insert (op OpInsert), Update (OpUpdate) or Upsert (OpUpsert)
// without the stored entity returned: a merge is built in the table's
// own Entity, so a caller that needs only the outcome writes without an
// allocation for it. It answers as those methods do.
func (t *Table) Write(op Op, e *Entity, mode Mode, ifMatch string) error {
	t.mu.Lock()
	defer t.mu.Unlock()
	i, p, slot, b := t.findNew(e.PartitionKey, e.RowKey)
	switch op {
	case OpInsert:
		if i != noRec {
			return conflict()
		}
		t.putNew(p, e.stamp(t.store.now()))
		return nil
	case OpUpdate:
		if err := t.checkCondition(b, ifMatch); err != nil {
			return err
		}
	case OpUpsert:
	default:
		return newError(http.StatusBadRequest, CodeInvalidInput, "store: Write takes OpInsert, OpUpdate or OpUpsert")
	}
	next := e
	if i != noRec && mode == Merge {
		if err := mergeEncoded(&t.merged, b, e); err != nil {
			return err
		}
		next = &t.merged
	}
	t.putAt(i, p, slot, next.stamp(t.store.now()))
	return nil
}
