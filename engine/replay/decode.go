package replay

import (
	"github.com/tablelint/tablelint/edm"
	"github.com/tablelint/tablelint/engine/store"
	"github.com/tablelint/tablelint/internal/tracefmt"
)

// decodeEntityBuf decodes an entity of a trace. The common shapes
// (String, Int32 and Boolean values, and Int64 values annotated
// "Edm.Int64") are read by a fast path; everything else goes through
// store.DecodeJSON (edm.DecodeEntityJSON), whose semantics the fast path
// reproduces exactly for what it accepts (FuzzFastEntity checks that).
// The fast path's properties are appended to (*buf)[:0] (buf may be nil)
// and kept there for the next entity; NewEntity copies what it keeps, so
// one buffer serves a whole replay. With into set, the entity is built
// there (store.NewEntityInto), else it is a new one. Property names, and String values
// other than the keys, refer to data's bytes (the caller must not change
// data while it uses the entity; a table copies what it stores).
func decodeEntityBuf(buf *[]edm.Property, into *store.Entity, data []byte) (*store.Entity, error) {
	var props []edm.Property
	if buf != nil {
		props = *buf
	}
	props, ok := tracefmt.FastProps(props, data)
	var e *store.Entity
	var err error
	switch {
	case ok && into != nil:
		e, err = store.NewEntityInto(into, props)
	case ok:
		e, err = store.NewEntity(props)
	default:
		e, err = store.DecodeJSON(data)
	}
	if buf != nil && props != nil {
		clear(props) // drop the references to this entity's strings
		*buf = props[:0]
	}
	return e, err
}
