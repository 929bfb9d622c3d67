package tablerest

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"errors"
	"slices"
	"strconv"
	"strings"
	"unicode/utf16"

	"github.com/tablelint/tablelint/internal/limits"
)

// Compact returns body, a JSON object, on one line. It fails when body
// is not one JSON object.
func Compact(body []byte) ([]byte, error) {
	body = bytes.TrimSpace(body)
	if len(body) == 0 || body[0] != '{' {
		return nil, errors.New("the entity is not a JSON object")
	}
	var b bytes.Buffer
	if err := json.Compact(&b, body); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

// Redact returns the entity body with every property value other than
// the keys replaced by a value of the same type and size that says
// nothing: strings become "xxx…" of the same length (in UTF-16 code
// units, as the service counts them), binaries zero bytes of the same
// length, numbers 0, booleans false, dates the Unix epoch and GUIDs the
// zero GUID. PartitionKey, RowKey and the type annotations are kept.
// Properties are written in name order.
func Redact(body []byte) ([]byte, error) {
	var m map[string]json.RawMessage
	if err := json.Unmarshal(body, &m); err != nil {
		return nil, err
	}
	names := make([]string, 0, len(m))
	for k := range m {
		names = append(names, k)
	}
	slices.Sort(names)
	b := []byte{'{'}
	for i, k := range names {
		if i > 0 {
			b = append(b, ',')
		}
		kb, _ := json.Marshal(k)
		b = append(b, kb...)
		b = append(b, ':')
		v := m[k]
		if k == "PartitionKey" || k == "RowKey" || strings.Contains(k, "@odata.") || strings.HasPrefix(k, "odata.") {
			b = append(b, v...)
			continue
		}
		var typ string
		if t, ok := m[k+"@odata.type"]; ok {
			_ = json.Unmarshal(t, &typ)
		}
		b = append(b, redactValue(v, typ)...)
	}
	return append(b, '}'), nil
}

func redactValue(v json.RawMessage, typ string) []byte {
	v = bytes.TrimSpace(v)
	if len(v) == 0 {
		return []byte("null")
	}
	switch typ {
	case "Edm.Int64":
		return []byte(`"0"`)
	case "Edm.DateTime":
		return []byte(`"1970-01-01T00:00:00Z"`)
	case "Edm.Guid":
		return []byte(`"00000000-0000-0000-0000-000000000000"`)
	case "Edm.Double":
		return []byte("0.0")
	case "Edm.Binary":
		var s string
		_ = json.Unmarshal(v, &s)
		n, err := base64.StdEncoding.DecodeString(s)
		if err != nil {
			return []byte(`""`)
		}
		return []byte(`"` + base64.StdEncoding.EncodeToString(make([]byte, len(n))) + `"`)
	}
	switch v[0] {
	case '"':
		var s string
		_ = json.Unmarshal(v, &s)
		return []byte(`"` + strings.Repeat("x", len(utf16.Encode([]rune(s)))) + `"`)
	case 't', 'f':
		return []byte("false")
	case 'n':
		return []byte("null")
	case '{', '[':
		return []byte("null") // not a Table value; the service rejects it
	}
	if bytes.ContainsAny(v, ".eE") {
		return []byte("0.0")
	}
	return []byte("0")
}

// FillerProperty is the property that stands for an entity's unknown
// properties in an imported trace, sized to the request body the log
// recorded.
const FillerProperty = "TablelintFiller"

// Placeholder returns an entity with the keys pk and rk whose JSON is
// about size bytes: the keys and one string property, FillerProperty,
// of "x"s. Logs record a write's size but not its properties.
func Placeholder(pk, rk string, size int64) []byte {
	k1, _ := json.Marshal(pk)
	k2, _ := json.Marshal(rk)
	b := make([]byte, 0, 64+len(k1)+len(k2))
	b = append(b, `{"PartitionKey":`...)
	b = append(b, k1...)
	b = append(b, `,"RowKey":`...)
	b = append(b, k2...)
	// An entity is at most 1 MiB on the service, and a string property
	// at most 64 KiB (32 Ki UTF-16 units): large bodies become several
	// filler properties.
	const chunk = limits.MaxStringChars - 1_000
	n := min(size, limits.MaxEntityBytes) - int64(len(b)) - 1
	for i := 1; n > int64(len(FillerProperty))+8; i++ {
		name := FillerProperty
		if i > 1 {
			name += strconv.Itoa(i)
		}
		n -= int64(len(name)) + 6 // ,"name":""
		c := min(n, chunk)
		b = append(b, `,"`...)
		b = append(b, name...)
		b = append(b, `":"`...)
		b = append(b, bytes.Repeat([]byte{'x'}, int(c))...)
		b = append(b, '"')
		n -= c
	}
	return append(b, '}')
}
