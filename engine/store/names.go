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
	// recent is the name and its NameID for recentNames, made once, so
	// that storing a name there again allocates nothing; nil for an
	// invalid name.
	recent *recentName
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
		ni := nameInfo{name: name, units: int32(edm.UTF16Len(name)), valid: checkName(name) == nil}
		if ni.valid {
			ni.recent = &recentName{name: name, id: id}
		}
		info := append(old, ni)
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
	slot := &recentNames[recentSlot(name)]
	if r := slot.Load(); r != nil && r.name == name {
		return r.id, nil
	}
	id, ok := LookupName(name)
	if !ok || !id.info().valid {
		if err := checkName(name); err != nil {
			return 0, err
		}
		id = Intern(name)
	}
	slot.Store(id.info().recent)
	return id, nil
}

// recentNames holds valid names that internValid looked up lately, each
// in the slot of recentSlot: a program writes entities of the same few
// property names over and over, and comparing a name with the one in
// its slot costs a third of a lookup in the table of names, which hashes
// it. Slots are read and written without a lock; what they point to is
// never written again (see nameInfo.recent).
var recentNames [64]atomic.Pointer[recentName]

// recentName is a valid name and its NameID, in recentNames.
type recentName struct {
	name string
	id   NameID
}

// recentSlot returns the slot of name in recentNames, from its length
// and three of its bytes.
func recentSlot(name string) int {
	n := len(name)
	if n == 0 {
		return 0
	}
	return int(uint(n)*0x9E37^uint(name[0])*31^uint(name[n/2])*131^uint(name[n-1])*7) & (len(recentNames) - 1)
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
