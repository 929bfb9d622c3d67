package store

import (
	"sync"
	"sync/atomic"

	"github.com/tablelint/tablelint/edm"
)

// NameID is an interned property name. Entities store their properties
// under NameIDs (4 bytes instead of a 16-byte string header); the names are
// shared by every Store in the process, and the table of names grows with
// the number of distinct property names ever seen.
type NameID uint32

var names struct {
	mu    sync.Mutex
	ids   map[string]NameID
	list  atomic.Pointer[[]string]
	units atomic.Pointer[[]int32] // UTF-16 length of each name
}

func init() {
	names.ids = map[string]NameID{}
	names.list.Store(&[]string{})
	names.units.Store(&[]int32{})
}

// Intern returns the NameID of name, assigning one if it has none yet.
func Intern(name string) NameID {
	names.mu.Lock()
	id, ok := names.ids[name]
	if !ok {
		// Append in place when there is room: readers hold the old,
		// shorter slice headers and never look past their length, so the
		// table grows in amortized constant time (a copy per name made
		// interning n names quadratic).
		old := *names.list.Load()
		id = NameID(len(old))
		list := append(old, name)
		units := append(*names.units.Load(), int32(edm.UTF16Len(name)))
		names.units.Store(&units)
		names.list.Store(&list)
		names.ids[name] = id
	}
	names.mu.Unlock()
	return id
}

// LookupName returns the NameID of name without interning it; ok is false
// when no entity has ever had a property of that name (so none has it).
func LookupName(name string) (id NameID, ok bool) {
	names.mu.Lock()
	id, ok = names.ids[name]
	names.mu.Unlock()
	return id, ok
}

// units returns the name's length in UTF-16 code units.
func (id NameID) units() int {
	u := *names.units.Load()
	if int(id) < len(u) {
		return int(u[id])
	}
	return 0
}

// String returns the property name.
func (id NameID) String() string {
	list := *names.list.Load()
	if int(id) < len(list) {
		return list[id]
	}
	return ""
}
