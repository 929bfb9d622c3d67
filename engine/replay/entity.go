package replay

import (
	"strconv"
	"strings"

	"github.com/tablelint/tablelint/edm"
	"github.com/tablelint/tablelint/engine/store"
)

// decodeEntity decodes an entity of a trace. The common shapes (String,
// Int32 and Boolean values, and Int64 values annotated "Edm.Int64") are
// read by a fast path; everything else goes through store.DecodeJSON
// (edm.DecodeEntityJSON), whose semantics the fast path reproduces
// exactly for what it accepts (FuzzFastEntity checks that).
func decodeEntity(data []byte) (*store.Entity, error) {
	if props, ok := fastProps(data); ok {
		return store.NewEntity(props)
	}
	return store.DecodeJSON(data)
}

const int64Annotation = "@odata.type"

// fastProps decodes an entity's properties if it has only the common
// shapes; ok is false when the slow path must decide.
func fastProps(data []byte) (props []edm.Property, ok bool) {
	if len(data) > edm.MaxEntityJSON {
		return nil, false
	}
	l := &lexer{buf: data}
	var int64s []string // properties annotated Edm.Int64
	fail := false
	err := l.object(func(k string, _ int) error {
		if strings.HasPrefix(k, "odata.") || k == "Timestamp" {
			fail = true
			return errStop
		}
		if base, found := strings.CutSuffix(k, int64Annotation); found {
			s, err := l.str()
			if err != nil || s != "Edm.Int64" || base == "PartitionKey" || base == "RowKey" || base == "" {
				fail = true
				return errStop
			}
			for _, b := range int64s {
				if b == base {
					fail = true
					return errStop
				}
			}
			int64s = append(int64s, base)
			return nil
		}
		for _, p := range props {
			if p.Name == k {
				fail = true
				return errStop
			}
		}
		var v edm.Value
		switch c := l.peek(); {
		case c == '"':
			s, err := l.str()
			if err != nil {
				return err
			}
			v = edm.StringValue(s)
		case c == '-' || ('0' <= c && c <= '9'):
			n, err := l.number()
			if err != nil {
				return err
			}
			if strings.ContainsAny(n, ".eE") {
				fail = true
				return errStop
			}
			i, err := strconv.ParseInt(n, 10, 32)
			if err != nil {
				fail = true
				return errStop
			}
			v = edm.Int32Value(int32(i))
		case l.word("true"):
			v = edm.BoolValue(true)
		case l.word("false"):
			v = edm.BoolValue(false)
		default:
			fail = true
			return errStop
		}
		props = append(props, edm.Property{Name: k, Value: v})
		return nil
	})
	if fail || err != nil || !l.atEnd() {
		return nil, false
	}
	for _, base := range int64s {
		found := false
		for i := range props {
			if props[i].Name != base {
				continue
			}
			found = true
			if props[i].Value.Type != edm.String {
				return nil, false
			}
			n, err := strconv.ParseInt(props[i].Value.Str, 10, 64)
			if err != nil {
				return nil, false
			}
			props[i].Value = edm.Int64Value(n)
		}
		if !found {
			return nil, false
		}
	}
	return props, true
}

var errStop = &lexError{msg: "stop"}
