package tallyb

import (
	"time"

	"github.com/Azure/azure-sdk-for-go/storage"
)

// Bump is the thread's flow: read the row, add to its count, write it back.
// Update(true, …) sends If-Match: *, so a concurrent bump is lost.
func (s *Store) Bump(owner, name string, by int64) (int64, error) {
	row := s.tbl.GetEntityReference(owner, name)
	if err := row.Get(timeoutSec, storage.FullMetadata, nil); err != nil {
		return 0, err
	}
	next := asInt(row.Properties["Count"]) + by
	row.Properties["Count"] = next
	if err := row.Update(true, nil); err != nil { // L: TL414
		return 0, err
	}
	return next, nil
}

// BumpGuarded is the same read-modify-write with force false: the SDK sends
// the ETag the Get stored, and a concurrent change fails with 412.
func (s *Store) BumpGuarded(owner, name string, by int64) (int64, error) {
	row := s.tbl.GetEntityReference(owner, name)
	if err := row.Get(timeoutSec, storage.FullMetadata, nil); err != nil {
		return 0, err
	}
	next := asInt(row.Properties["Count"]) + by
	row.Properties["Count"] = next
	if err := row.Update(false, nil); err != nil { // S
		return 0, err
	}
	return next, nil
}

// Relabel reads the counter and merges a new label computed from the old one.
func (s *Store) Relabel(owner, name, suffix string) error {
	row := s.tbl.GetEntityReference(owner, name)
	if err := row.Get(timeoutSec, storage.NoMetadata, nil); err != nil {
		return err
	}
	old, _ := row.Properties["Label"].(string)
	row.Properties["Label"] = old + suffix
	return row.Merge(true, nil) // L: TL414
}

// Reset reads the row, keeps its label and history and puts it back with a
// zero count through insert-or-replace, which never sends an ETag.
func (s *Store) Reset(owner, name string) error {
	row := s.tbl.GetEntityReference(owner, name)
	if err := row.Get(timeoutSec, storage.NoMetadata, nil); err != nil {
		return err
	}
	row.Properties["Resets"] = asInt(row.Properties["Resets"]) + 1
	row.Properties["Count"] = int64(0)
	return row.InsertOrReplace(nil) // L: TL414
}

// Touch records who looked at the counter last: a blind merge, nothing read.
func (s *Store) Touch(owner, name, who string) error {
	row := s.tbl.GetEntityReference(owner, name)
	row.Properties = map[string]interface{}{
		"SeenBy": who,
		"SeenAt": time.Now().UTC(),
	}
	return row.InsertOrMerge(nil) // S
}

// Create inserts a new counter with typed properties (the thread's second
// request: explicit EDM types, DateTime for time.Time); an insert fails on
// conflict instead of overwriting. The client-set TimeStamp is (added).
func (s *Store) Create(owner, name, label string) error {
	row := s.tbl.GetEntityReference(owner, name)
	row.Properties = map[string]interface{}{
		"Label":    label,
		"Count":    int64(0),
		"Frozen":   false,
		"OpenedAt": time.Now().UTC(), // S
		"ClosedAt": time.Time{},      // L: TL124
	}
	row.TimeStamp = time.Now()                 // L: TL128
	return row.Insert(storage.NoMetadata, nil) // S
}

// Drop deletes a counter whatever its version.
func (s *Store) Drop(owner, name string) error {
	row := s.tbl.GetEntityReference(owner, name)
	return row.Delete(true, nil)
}
