package store

import (
	"net/http"

	"github.com/tablelint/tablelint/internal/limits"
)

// Limits on entity group transactions; package limits documents each.
const (
	MaxBatchActions = limits.MaxBatchActions
	MaxBatchBytes   = limits.MaxBatchBytes
)

// ActionKind is the kind of one action in a transaction.
type ActionKind uint8

// The transaction actions (the aztables SDK's TransactionType values).
const (
	ActInsert ActionKind = iota + 1
	ActUpdateMerge
	ActUpdateReplace
	ActUpsertMerge
	ActUpsertReplace
	ActDelete
)

var actionNames = [...]string{ActInsert: "insert", ActUpdateMerge: "update-merge", ActUpdateReplace: "update-replace",
	ActUpsertMerge: "upsert-merge", ActUpsertReplace: "upsert-replace", ActDelete: "delete"}

// String returns the action's name, e.g. "update-merge".
func (k ActionKind) String() string {
	if k >= ActInsert && k <= ActDelete {
		return actionNames[k]
	}
	return "unknown"
}

// Action is one operation of a transaction. Entity is required for every
// kind but ActDelete, which names its entity by PartitionKey and RowKey
// (or by Entity's keys when Entity is set). IfMatch applies to updates and
// deletes as in Update and Delete.
type Action struct {
	Kind         ActionKind
	Entity       *Entity
	PartitionKey string
	RowKey       string
	IfMatch      string
}

// wireSize returns the bytes the action adds to a transaction's request
// body (limits.WireActionBytes) for a table name of table bytes.
func (a *Action) wireSize(table int) int {
	pk, rk := a.keys()
	keys := limits.WireKeyLen(pk) + limits.WireKeyLen(rk)
	switch a.Kind {
	case ActInsert:
		return limits.WireActionBytes(limits.WireInsert, table, 0, a.Entity.WireSize())
	case ActUpdateMerge, ActUpsertMerge:
		return limits.WireActionBytes(limits.WireMerge, table, keys, a.Entity.WireSize())
	case ActUpdateReplace, ActUpsertReplace:
		return limits.WireActionBytes(limits.WireReplace, table, keys, a.Entity.WireSize())
	}
	return limits.WireActionBytes(limits.WireDelete, table, keys, 0)
}

func (a *Action) keys() (string, string) {
	if a.Entity != nil {
		return a.Entity.PartitionKey, a.Entity.RowKey
	}
	return a.PartitionKey, a.RowKey
}

// Transact runs an entity group transaction: all actions succeed or none
// has any effect. The service's rules, with their errors (Index is the
// failing action's position):
//
//   - at least one and at most 100 actions (400 InvalidInput);
//   - every action in the partition of the first
//     (400 CommandsInBatchActOnDifferentPartitions);
//   - each entity at most once (400 InvalidDuplicateRow);
//   - a request payload under 4 MiB, as the SDK sends it (limits.WireActionBytes;
//     413 RequestBodyTooLarge, Index -1);
//   - then each action's own outcome (409, 404, 412, 400) as a single
//     operation would have it, against the table before the transaction.
//
// On success it returns the stored entities, one per action (nil for a
// delete).
func (t *Table) Transact(actions []Action) ([]*Entity, error) {
	if len(actions) == 0 {
		return nil, badRequest(CodeInvalidInput, "a transaction needs at least one action")
	}
	if len(actions) > MaxBatchActions {
		e := badRequest(CodeInvalidInput, "The batch request operation exceeds the maximum %d changes per change set.", MaxBatchActions)
		e.Index = MaxBatchActions
		return nil, e
	}
	pk0, _ := actions[0].keys()
	seen := make(map[string]bool, len(actions))
	payload := 0
	for i := range actions {
		a := &actions[i]
		if a.Kind < ActInsert || a.Kind > ActDelete || (a.Kind != ActDelete && a.Entity == nil) {
			return nil, at(i, badRequest(CodeInvalidInput, "action %d is not a valid transaction action", i))
		}
		pk, rk := a.keys()
		if pk != pk0 {
			return nil, at(i, badRequest(CodeDifferentPartitions, "All commands in a batch must operate on same entity group."))
		}
		if seen[rk] {
			return nil, at(i, badRequest(CodeInvalidDuplicateRow, "The batch request contains multiple changes with same row key. An entity can appear only once in a batch request."))
		}
		seen[rk] = true
		payload += a.wireSize(len(t.name))
	}
	if limits.WirePayload(payload) >= MaxBatchBytes {
		return nil, newError(http.StatusRequestEntityTooLarge, CodeRequestBodyTooLarge, "The request body is too large and exceeds the maximum permissible limit.")
	}

	t.mu.Lock()
	defer t.mu.Unlock()
	// Every entity appears once, so each action's outcome depends only on
	// the table as it was: check them all, then apply them all.
	next := make([]*Entity, len(actions))
	for i := range actions {
		a := &actions[i]
		pk, rk := a.keys()
		cur := t.lookup(pk, rk)
		var err error
		switch a.Kind {
		case ActInsert:
			if cur != nil {
				err = conflict()
			} else {
				next[i] = a.Entity
			}
		case ActUpdateMerge, ActUpdateReplace:
			if err = checkCondition(cur, a.IfMatch); err == nil {
				next[i], err = merged(cur, a.Entity, a.Kind == ActUpdateMerge)
			}
		case ActUpsertMerge, ActUpsertReplace:
			next[i], err = merged(cur, a.Entity, a.Kind == ActUpsertMerge)
		case ActDelete:
			if err = CheckKeys(pk, rk); err == nil {
				err = checkCondition(cur, a.IfMatch)
			}
		}
		if err != nil {
			return nil, at(i, err.(*Error))
		}
	}
	ticks := t.store.now()
	out := make([]*Entity, len(actions))
	for i := range actions {
		a := &actions[i]
		if a.Kind == ActDelete {
			pk, rk := a.keys()
			t.remove(pk, rk)
			continue
		}
		out[i] = next[i].stamped(ticks)
		t.put(out[i])
	}
	return out, nil
}

func merged(cur, e *Entity, merge bool) (*Entity, error) {
	if cur == nil || !merge {
		return e, nil
	}
	return cur.merge(e)
}

func at(i int, e *Error) *Error {
	c := *e
	c.Index = i
	return &c
}
