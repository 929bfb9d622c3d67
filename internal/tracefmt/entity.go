package tracefmt

import (
	"strconv"
	"strings"

	"github.com/tablelint/tablelint/edm"
)

const int64Annotation = "@odata.type"

// FastProps decodes a trace entity's properties if it has only the common
// shapes; ok is false when the slow path must decide.
// The properties are appended to buf[:0]; props is that slice, grown,
// even when ok is false.
func FastProps(buf []edm.Property, data []byte) (props []edm.Property, ok bool) {
	props = buf[:0]
	if len(data) > edm.MaxEntityJSON {
		return props, false
	}
	l := &lexer{buf: data}
	var int64Buf [4]string
	int64s := int64Buf[:0] // properties annotated Edm.Int64
	fail := false
	err := l.object(func(k string, _ int) error {
		if strings.HasPrefix(k, "odata.") || k == "Timestamp" {
			fail = true
			return errStop
		}
		if base, found := strings.CutSuffix(k, int64Annotation); found {
			s, err := l.strView()
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
			// The keys are copied: the engine hands them out (Outcome.Key).
			var s string
			var err error
			if k == "PartitionKey" || k == "RowKey" {
				s, err = l.str()
			} else {
				s, err = l.strView()
			}
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
		return props, false
	}
	for _, base := range int64s {
		found := false
		for i := range props {
			if props[i].Name != base {
				continue
			}
			found = true
			if props[i].Value.Type != edm.String {
				return props, false
			}
			n, err := strconv.ParseInt(props[i].Value.Str, 10, 64)
			if err != nil {
				return props, false
			}
			props[i].Value = edm.Int64Value(n)
		}
		if !found {
			return props, false
		}
	}
	return props, true
}

var errStop = &lexError{msg: "stop"}
