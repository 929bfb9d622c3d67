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
	p := t.parts[e.PartitionKey]
	if p != nil && p.rows[e.RowKey] != nil {
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
	cur := t.lookup(e.PartitionKey, e.RowKey)
	if err := checkCondition(cur, ifMatch); err != nil {
		return nil, err
	}
	return t.write(cur, e, mode)
}

// Upsert inserts the entity or, if it exists, updates it (Merge or
// Replace) without a condition; it always succeeds for a valid entity.
func (t *Table) Upsert(e *Entity, mode Mode) (*Entity, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.write(t.lookup(e.PartitionKey, e.RowKey), e, mode)
}

// Delete removes an entity: 404 ResourceNotFound if it does not exist, 412
// UpdateConditionNotSatisfied if ifMatch is neither "*" (or empty) nor its
// ETag.
func (t *Table) Delete(pk, rk, ifMatch string) error {
	t.mu.Lock()
	defer t.mu.Unlock()
	cur := t.lookup(pk, rk)
	if err := checkCondition(cur, ifMatch); err != nil {
		return err
	}
	t.remove(cur)
	return nil
}

func checkCondition(cur *Entity, ifMatch string) error {
	if cur == nil {
		return notFound()
	}
	if ifMatch != "" && ifMatch != AnyETag && ifMatch != cur.ETag() {
		return newError(http.StatusPreconditionFailed, CodeUpdateConditionNotSatisfied, "The update condition specified in the request was not satisfied.")
	}
	return nil
}

// write stores e over cur (nil: insert) in the given mode. Callers hold
// t.mu.
func (t *Table) write(cur, e *Entity, mode Mode) (*Entity, error) {
	next := e
	if cur != nil && mode == Merge {
		m, err := cur.merge(e)
		if err != nil {
			return nil, err
		}
		next = m
	}
	s := next.stamp(t.store.now())
	t.put(s)
	return s, nil
}
