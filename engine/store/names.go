package store

import (
	"maps"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/tablelint/tablelint/edm"
)

// NameID is an interned property name. Entities store their properties
// under NameIDs (4 bytes instead of a 16-byte string header); the names are
// shared by every Store in the process, and the table of names grows with
// the number of distinct property names ever seen.
type NameID uint32

// nameInfo is what the table of names keeps of one name.
type nameInfo struct {
	name  string
	units int32 // length in UTF-16 code units
	valid bool  // a valid custom property name (checkName accepts it)
}

var names struct {
	mu   sync.Mutex
	ids  map[string]NameID
	info atomic.Pointer[[]nameInfo] // by NameID
	// fast is a copy of ids that lookups read without the lock. It is
	// copied again after as many lookups missed it as it has names, so
	// that copying costs a constant per lookup, and a name in use is
	// soon found there.
	fast   atomic.Pointer[map[string]NameID]
	misses int
}

func init() {
	names.ids = map[string]NameID{}
	names.info.Store(&[]nameInfo{})
	names.fast.Store(&map[string]NameID{})
}

// Intern returns the NameID of name, assigning one if it has none yet.
func Intern(name string) NameID {
	if id, ok := (*names.fast.Load())[name]; ok {
		return id
	}
	names.mu.Lock()
	defer names.mu.Unlock()
	id, ok := names.ids[name]
	if !ok {
		name = strings.Clone(name) // kept: not the caller's bytes
		// Append in place when there is room: readers hold the old,
		// shorter slice headers and never look past their length, so the
		// table grows in amortized constant time (a copy per name made
		// interning n names quadratic).
		old := *names.info.Load()
		id = NameID(len(old))
		info := append(old, nameInfo{name: name, units: int32(edm.UTF16Len(name)), valid: checkName(name) == nil})
		names.info.Store(&info)
		names.ids[name] = id
	}
	missedFast()
	return id
}

// missedFast counts a lookup that the fast copy did not answer, and
// copies the names again when they have been missed often enough.
// Callers hold names.mu.
func missedFast() {
	names.misses++
	if names.misses > len(names.ids) {
		fast := maps.Clone(names.ids)
		names.fast.Store(&fast)
		names.misses = 0
	}
}

// LookupName returns the NameID of name without interning it; ok is false
// when no entity has ever had a property of that name (so none has it).
func LookupName(name string) (id NameID, ok bool) {
	if id, ok := (*names.fast.Load())[name]; ok {
		return id, true
	}
	names.mu.Lock()
	defer names.mu.Unlock()
	id, ok = names.ids[name]
	missedFast()
	return id, ok
}

// internValid returns the NameID of a custom property name, or the
// service's error if the name is not valid (then the name is not
// interned: invalid names in writes do not grow the table).
func internValid(name string) (NameID, error) {
	if id, ok := LookupName(name); ok && id.info().valid {
		return id, nil
	}
	if err := checkName(name); err != nil {
		return 0, err
	}
	return Intern(name), nil
}

func (id NameID) info() nameInfo {
	info := *names.info.Load()
	if int(id) < len(info) {
		return info[id]
	}
	return nameInfo{}
}

// units returns the name's length in UTF-16 code units.
func (id NameID) units() int { return int(id.info().units) }

// String returns the property name.
func (id NameID) String() string { return id.info().name }
