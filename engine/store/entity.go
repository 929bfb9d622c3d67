package store

import (
	"encoding/binary"
	"errors"
	"math"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"sync/atomic"
	"time"
	"unicode"
	"unsafe"

	"github.com/tablelint/tablelint/edm"
	"github.com/tablelint/tablelint/internal/limits"
)

// Limits the service enforces on entities; package limits documents
// each.
const (
	MaxKeyBytes          = limits.MaxKeyBytes
	MaxCustomProperties  = limits.MaxCustomProperties
	MaxPropertyNameChars = limits.MaxPropertyNameChars
	MaxValueBytes        = limits.MaxStringBytes // and limits.MaxBinaryBytes: the same 64 KiB
	MaxEntityBytes       = limits.MaxEntityBytes
)

// System property names.
const (
	PartitionKey = "PartitionKey"
	RowKey       = "RowKey"
	Timestamp    = "Timestamp"
)

// Raw is a property value in the compact form entities store: Bits holds
// Int32, Int64 and DateTime values (ticks) as int64 bits, Double values as
// IEEE 754 bits and Boolean values as 0 or 1; Str holds String values,
// Guid values (canonical lower case) and Binary values (the bytes).
type Raw struct {
	Type edm.Type
	Bits uint64
	Str  string
}

// RawOf returns v in compact form.
func RawOf(v edm.Value) Raw {
	r := Raw{Type: v.Type}
	switch v.Type {
	case edm.Int32, edm.Int64, edm.DateTime:
		r.Bits = uint64(v.Int)
	case edm.Double:
		r.Bits = math.Float64bits(v.Float)
	case edm.Boolean:
		if v.Bool {
			r.Bits = 1
		}
	case edm.String, edm.Guid:
		r.Str = v.Str
	case edm.Binary:
		r.Str = string(v.Bytes)
	}
	return r
}

// Value returns r as an edm.Value.
func (r Raw) Value() edm.Value {
	v := edm.Value{Type: r.Type}
	switch r.Type {
	case edm.Int32, edm.Int64, edm.DateTime:
		v.Int = int64(r.Bits)
	case edm.Double:
		v.Float = math.Float64frombits(r.Bits)
	case edm.Boolean:
		v.Bool = r.Bits != 0
	case edm.String, edm.Guid:
		v.Str = r.Str
	case edm.Binary:
		v.Bytes = []byte(r.Str)
	}
	return v
}

// field is one custom property: a Raw and its name, laid out in 32
// bytes.
type field struct {
	bits uint64
	str  string
	name NameID
	typ  edm.Type
}

func fieldOf(id NameID, r Raw) field { return field{bits: r.Bits, str: r.Str, name: id, typ: r.Type} }

func (f *field) raw() Raw { return Raw{Type: f.typ, Bits: f.bits, Str: f.str} }

// Entity is one entity: its keys, its server-set Timestamp and its custom
// properties. Entities are immutable; build them with NewEntity, MakeEntity
// or DecodeJSON.
type Entity struct {
	PartitionKey string
	RowKey       string
	ticks        int64 // Timestamp, 100 ns ticks; 0 until stored
	fields       []field
	// enc, when not nil, is the entity's encoding in a table, whose
	// properties are read there rather than decoded into fields (which is
	// then empty): what Table.Scan hands out, so that a filter reading
	// one property does not decode the others.
	enc []byte
}

// list returns e's properties: fields, or for an entity read in place a
// new slice decoded from its encoding.
func (e *Entity) list() []field {
	if e.enc == nil {
		return e.fields
	}
	return appendFields(make([]field, 0, encLen(e.enc)), e.enc)
}

// NewEntity builds an entity from its properties, which must include
// PartitionKey and RowKey as String values; a Timestamp property is
// ignored, as the service ignores it. It validates the entity as the
// service does (see the package documentation) and returns an *Error with
// status 400 if it is not valid.
func NewEntity(props []edm.Property) (*Entity, error) { return newEntity(nil, props) }

// NewEntityInto is NewEntity building the entity in e, whose room for
// properties it reuses, and returning e: a caller that writes entity
// after entity builds them without an allocation each. e must be the
// caller's own and used by nothing any more: a new Entity, or one that
// NewEntityInto built before, once the caller is done with it and with
// what a write of it returned (Insert and Upsert may return e itself;
// the table keeps a copy of what it stores).
func NewEntityInto(e *Entity, props []edm.Property) (*Entity, error) {
	*e = Entity{fields: e.fields[:0]}
	return newEntity(e, props)
}

// newEntity is NewEntity, building the entity in e when it is not nil.
func newEntity(e *Entity, props []edm.Property) (*Entity, error) {
	var havePK, haveRK bool
	propBytes := 0 // the custom properties' part of EstimatedSize
	custom := len(props)
	// The loops take each property by pointer: a copy is 80 bytes.
	for i := range props {
		if p := &props[i]; p.Name == PartitionKey || p.Name == RowKey || p.Name == Timestamp {
			custom--
		}
	}
	if e == nil {
		e = entityWith(max(custom, 0))
	}
	for i := range props {
		p := &props[i]
		switch p.Name {
		case PartitionKey, RowKey:
			if p.Value.Type != edm.String {
				return nil, badRequest(CodeInvalidInput, "%s must be an Edm.String, not %s", p.Name, p.Value.Type.ODataName())
			}
			if p.Name == PartitionKey {
				if havePK {
					return nil, badRequest(CodeInvalidInput, "PartitionKey appears more than once")
				}
				e.PartitionKey, havePK = p.Value.Str, true
			} else {
				if haveRK {
					return nil, badRequest(CodeInvalidInput, "RowKey appears more than once")
				}
				e.RowKey, haveRK = p.Value.Str, true
			}
			continue
		case Timestamp:
			continue
		}
		id, err := internValid(p.Name)
		if err != nil {
			return nil, err
		}
		vsize, err := checkValue(p.Name, &p.Value)
		if err != nil {
			return nil, err
		}
		propBytes += limits.PropertySize(id.units(), vsize)
		for _, f := range e.fields {
			if f.name == id {
				return nil, badRequest(CodeInvalidInput, "property %q appears more than once", p.Name)
			}
		}
		e.fields = append(e.fields, fieldOf(id, RawOf(p.Value)))
	}
	if !havePK || !haveRK {
		return nil, badRequest(CodeInvalidInput, "an entity needs a PartitionKey and a RowKey")
	}
	pkUnits, err := checkKey(PartitionKey, e.PartitionKey)
	if err != nil {
		return nil, err
	}
	rkUnits, err := checkKey(RowKey, e.RowKey)
	if err != nil {
		return nil, err
	}
	if err := e.checkTotals(limits.EntitySize(pkUnits, rkUnits, propBytes)); err != nil {
		return nil, err
	}
	return e, nil
}

// Blocks that hold an entity and its fields in one allocation: one
// allocation instead of two for every entity built, by a decoder or by a
// read from a table.
type (
	entity2 struct {
		e Entity
		f [2]field
	}
	entity4 struct {
		e Entity
		f [4]field
	}
	entity8 struct {
		e Entity
		f [8]field
	}
)

// entityWith returns an empty entity with room for n fields, in one
// allocation when n is at most 8.
func entityWith(n int) *Entity {
	switch {
	case n == 0:
		return &Entity{}
	case n <= 2:
		b := new(entity2)
		b.e.fields = b.f[:0]
		return &b.e
	case n <= 4:
		b := new(entity4)
		b.e.fields = b.f[:0]
		return &b.e
	case n <= 8:
		b := new(entity8)
		b.e.fields = b.f[:0]
		return &b.e
	}
	return &Entity{fields: make([]field, 0, n)}
}

// Clone returns a copy of e that does not share its fields (the strings
// are immutable and shared): what to keep of an entity Table.Scan hands
// out. The copy of an entity read in place refers to the same encoding,
// which is never written again, and decodes nothing: a scan that keeps
// the entities it matches pays one small allocation for each.
func (e *Entity) Clone() *Entity {
	if e.enc != nil {
		return &Entity{PartitionKey: e.PartitionKey, RowKey: e.RowKey, ticks: e.ticks, enc: e.enc}
	}
	c := entityWith(len(e.fields))
	c.PartitionKey, c.RowKey, c.ticks = e.PartitionKey, e.RowKey, e.ticks
	c.fields = append(c.fields, e.fields...)
	return c
}

// A table encodes an entity into its chunks as a 20-byte header (the
// record number, 4 bytes; the RowKey's length in bytes, 2; the number of
// custom properties, 2; the Timestamp ticks, 8; the partition number, 4;
// all little endian), the
// RowKey's bytes, then each property: its NameID (4 bytes), its edm.Type
// (1 byte), then for String, Guid and Binary values the length (4 bytes)
// and the bytes, for the others Bits (8 bytes). Keys are at most 1 KiB in
// UTF-16, so at most 1,536 bytes in UTF-8, and entities have at most 252
// custom properties: both fit two bytes.
const headerSize = 20

// hasStr reports whether values of type typ are kept in Raw.Str.
func hasStr(typ edm.Type) bool { return typ == edm.String || typ == edm.Guid || typ == edm.Binary }

// encodedSize returns the size of e's encoding.
func encodedSize(e *Entity) int {
	n := headerSize + len(e.RowKey)
	fields := e.list()
	for i := range fields {
		if f := &fields[i]; hasStr(f.typ) {
			n += 9 + len(f.str)
		} else {
			n += 13
		}
	}
	return n
}

// encode writes e's encoding as record rec of partition part into b,
// which has encodedSize(e) bytes.
func encode(b []byte, rec, part uint32, e *Entity) {
	fields := e.list()
	binary.LittleEndian.PutUint32(b, rec)
	binary.LittleEndian.PutUint16(b[4:], uint16(len(e.RowKey)))
	binary.LittleEndian.PutUint16(b[6:], uint16(len(fields)))
	binary.LittleEndian.PutUint64(b[8:], uint64(e.ticks))
	binary.LittleEndian.PutUint32(b[16:], part)
	n := headerSize + copy(b[headerSize:], e.RowKey)
	for i := range fields {
		f := &fields[i]
		binary.LittleEndian.PutUint32(b[n:], uint32(f.name))
		b[n+4] = byte(f.typ)
		n += 5
		if hasStr(f.typ) {
			binary.LittleEndian.PutUint32(b[n:], uint32(len(f.str)))
			n += 4 + copy(b[n+4:], f.str)
		} else {
			binary.LittleEndian.PutUint64(b[n:], f.bits)
			n += 8
		}
	}
}

// encRec, encLen, encTicks, encPart and encRowKey read an encoding's
// header and RowKey (which refers to b).
func encRec(b []byte) uint32  { return binary.LittleEndian.Uint32(b) }
func encPart(b []byte) uint32 { return binary.LittleEndian.Uint32(b[16:]) }
func encLen(b []byte) int     { return int(binary.LittleEndian.Uint16(b[6:])) }
func encTicks(b []byte) int64 { return int64(binary.LittleEndian.Uint64(b[8:])) }
func encRowKey(b []byte) string {
	n := int(binary.LittleEndian.Uint16(b[4:]))
	if n == 0 {
		return ""
	}
	return unsafe.String(&b[headerSize], n)
}

// decodeInPlace sets e to the entity of partition pk encoded in b, whose
// properties it reads there (see Entity.enc).
func decodeInPlace(e *Entity, pk string, b []byte) {
	e.PartitionKey, e.RowKey, e.ticks = pk, encRowKey(b), encTicks(b)
	e.fields, e.enc = e.fields[:0], b
}

// appendFields appends the properties encoded in b to dst; their strings
// refer to b.
func appendFields(dst []field, b []byte) []field {
	for r := fieldsOf(b); r.n > 0; {
		dst = append(dst, r.next())
	}
	return dst
}

// fieldReader reads the properties of an encoding one by one, without
// allocating: n are left, at the start of b.
type fieldReader struct {
	b []byte
	n int
}

// fieldsOf returns a reader of the properties encoded in b.
func fieldsOf(b []byte) fieldReader {
	return fieldReader{b[headerSize+int(binary.LittleEndian.Uint16(b[4:])):], encLen(b)}
}

// next returns the next property (r.n > 0); its strings refer to the
// encoding.
func (r *fieldReader) next() field {
	b := r.b
	f := field{name: NameID(binary.LittleEndian.Uint32(b)), typ: edm.Type(b[4])}
	if hasStr(f.typ) {
		l := int(binary.LittleEndian.Uint32(b[5:]))
		if l > 0 {
			f.str = unsafe.String(&b[9], l)
		}
		r.b = b[9+l:]
	} else {
		f.bits = binary.LittleEndian.Uint64(b[5:])
		r.b = b[13:]
	}
	r.n--
	return f
}

// rawAt returns the property id of the entity encoded in b.
func rawAt(b []byte, id NameID) (Raw, bool) {
	nf := encLen(b)
	b = b[headerSize+int(binary.LittleEndian.Uint16(b[4:])):]
	for range nf {
		typ := edm.Type(b[4])
		if hasStr(typ) {
			l := int(binary.LittleEndian.Uint32(b[5:]))
			if NameID(binary.LittleEndian.Uint32(b)) == id {
				r := Raw{Type: typ}
				if l > 0 {
					r.Str = unsafe.String(&b[9], l)
				}
				return r, true
			}
			b = b[9+l:]
		} else {
			if NameID(binary.LittleEndian.Uint32(b)) == id {
				return Raw{Type: typ, Bits: binary.LittleEndian.Uint64(b[5:])}, true
			}
			b = b[13:]
		}
	}
	return Raw{}, false
}

// MakeEntity is NewEntity with the keys given separately.
func MakeEntity(pk, rk string, props ...edm.Property) (*Entity, error) {
	all := make([]edm.Property, 0, len(props)+2)
	all = append(all, edm.Property{Name: PartitionKey, Value: edm.StringValue(pk)}, edm.Property{Name: RowKey, Value: edm.StringValue(rk)})
	return NewEntity(append(all, props...))
}

// DecodeJSON decodes an entity in the service's JSON format (see
// edm.DecodeEntityJSON) and validates it with NewEntity. Malformed JSON and
// values are 400 InvalidInput, values out of their type's range 400
// OutOfRangeInput.
func DecodeJSON(data []byte) (*Entity, error) {
	props, err := edm.DecodeEntityJSON(data)
	if err != nil {
		code := CodeInvalidInput
		var de *edm.DecodeError
		if errors.As(err, &de) && de.OutOfRange {
			code = CodeOutOfRangeInput
		}
		return nil, badRequest(code, "%s", err.Error())
	}
	return NewEntity(props)
}

// checkKey validates a PartitionKey or RowKey value and returns its
// length in UTF-16 code units.
func checkKey(name, k string) (int, error) {
	n := len(k) // in UTF-16 code units, as long as k is ASCII
	for i := 0; i < len(k); i++ {
		if keyByteOdd[k[i]] {
			if r := badKeyRune(k); r >= 0 {
				return 0, badRequest(CodeInvalidInput, "%s contains the character %U, which keys may not contain", name, r)
			}
			n = edm.UTF16Len(k)
			break
		}
	}
	if limits.KeySize(n) > limits.MaxKeyBytes {
		return 0, badRequest(CodeInvalidInput, "%s is %d bytes in UTF-16; the limit is %d", name, limits.KeySize(n), limits.MaxKeyBytes)
	}
	return n, nil
}

// keyByteOdd tells the bytes after which checkKey looks at a key's
// characters: those not ASCII, and the ASCII ones keys may not contain.
var keyByteOdd = func() (odd [256]bool) {
	for c := range odd {
		odd[c] = c >= 0x80 || c <= 0x1F || c == '/' || c == '\\' || c == '#' || c == '?' || c == 0x7F
	}
	return odd
}()

// badKeyRune returns the first character keys may not contain, or -1.
func badKeyRune(k string) rune {
	for _, r := range k {
		if limits.InvalidKeyRune(r) {
			return r
		}
	}
	return -1
}

// CheckKeys validates a PartitionKey and RowKey pair as the service does
// for operations that name an entity by its keys (get, delete).
func CheckKeys(pk, rk string) error {
	if _, err := checkKey(PartitionKey, pk); err != nil {
		return err
	}
	_, err := checkKey(RowKey, rk)
	return err
}

// checkName validates a custom property name.
func checkName(name string) error {
	if edm.UTF16Len(name) > MaxPropertyNameChars {
		return badRequest(CodePropertyNameTooLong, "property name %.40q… is longer than %d characters", name, MaxPropertyNameChars)
	}
	if !ValidPropertyName(name) {
		return badRequest(CodePropertyNameInvalid, "property name %q is not a valid identifier", name)
	}
	return nil
}

// ValidPropertyName reports whether name follows the service's naming
// rules for properties: a C# identifier (a letter or '_', then letters,
// digits, '_' and combining marks), which excludes '-' and spaces.
func ValidPropertyName(name string) bool {
	if name == "" {
		return false
	}
	for i, r := range name {
		switch {
		case r == '_' || unicode.IsLetter(r) || unicode.Is(unicode.Nl, r):
		case i > 0 && (unicode.IsDigit(r) || unicode.In(r, unicode.Mn, unicode.Mc, unicode.Pc, unicode.Cf)):
		default:
			return false
		}
	}
	return true
}

// The supported DateTime range in ticks: checkValue compares a value's
// ticks with them, without making a time.Time.
var minDateTicks, maxDateTicks = edm.TimeToTicks(edm.MinDateTime), edm.TimeToTicks(edm.MaxDateTime)

// checkValue validates a value and returns its size in the estimate of
// EstimatedSize.
func checkValue(name string, v *edm.Value) (int, error) {
	switch v.Type {
	case edm.String:
		units := edm.UTF16Len(v.Str)
		if 2*units > limits.MaxStringBytes {
			return 0, badRequest(CodePropertyValueTooLarge, "property %q is %d bytes in UTF-16; the limit is %d", name, 2*units, limits.MaxStringBytes)
		}
		return limits.StringSize(units), nil
	case edm.Binary:
		n := len(v.Bytes)
		if n > limits.MaxBinaryBytes {
			return 0, badRequest(CodePropertyValueTooLarge, "property %q is %d bytes; the limit is %d", name, n, limits.MaxBinaryBytes)
		}
		return limits.BinarySize(n), nil
	case edm.Int32:
		if v.Int < math.MinInt32 || v.Int > math.MaxInt32 {
			return 0, badRequest(CodeOutOfRangeInput, "property %q: %d is outside the Edm.Int32 range", name, v.Int)
		}
	case edm.DateTime:
		if v.Int < minDateTicks || v.Int > maxDateTicks {
			return 0, badRequest(CodeOutOfRangeInput, "property %q: %s is outside the supported DateTime range", name, edm.FormatDateTime(v.Time()))
		}
	case edm.Guid:
		if _, err := edm.ParseGuid(v.Str); err != nil || v.Str != strings.ToLower(v.Str) {
			return 0, badRequest(CodeInvalidInput, "property %q: %q is not a canonical GUID", name, v.Str)
		}
	case edm.Int64, edm.Double, edm.Boolean:
	default:
		return 0, badRequest(CodeInvalidInput, "property %q has no valid EDM type", name)
	}
	n, _ := v.Type.FixedSize()
	return n, nil
}

// checkTotals checks the property count and the estimated size n.
func (e *Entity) checkTotals(n int) error {
	if len(e.fields) > MaxCustomProperties {
		return badRequest(CodeTooManyProperties, "the entity has %d custom properties; the limit is %d", len(e.fields), MaxCustomProperties)
	}
	if n > MaxEntityBytes {
		return badRequest(CodeEntityTooLarge, "the entity's estimated size is %d bytes; the limit is %d", n, MaxEntityBytes)
	}
	return nil
}

// EstimatedSize returns the entity's size by the estimate of package
// limits (see limits.EntitySize), the one design review and the analyzers
// use too.
func (e *Entity) EstimatedSize() int {
	props := 0
	if e.enc != nil {
		// Read in place: sum over the encoding rather than decode it.
		for r := fieldsOf(e.enc); r.n > 0; {
			f := r.next()
			props += limits.PropertySize(f.name.units(), rawSize(f.raw()))
		}
	} else {
		for i := range e.fields {
			f := &e.fields[i]
			props += limits.PropertySize(f.name.units(), rawSize(f.raw()))
		}
	}
	return limits.EntitySize(edm.UTF16Len(e.PartitionKey), edm.UTF16Len(e.RowKey), props)
}

// WireSize returns the bytes of the entity's JSON body in a transaction
// request, by the formula of package limits (limits.WireEntityBytes): the
// payload limit bounds the request, not the stored sizes.
func (e *Entity) WireSize() int {
	props := 0
	for _, f := range e.list() {
		r := f.raw()
		ann := ""
		switch r.Type {
		case edm.Int64, edm.DateTime, edm.Guid, edm.Binary:
			ann = r.Type.ODataName()
		}
		props += limits.WirePropertyBytes(limits.WireStringLen(f.name.String())-2, rawWireSize(r), ann)
	}
	return limits.WireEntityBytes(limits.WireKeyStringLen(e.PartitionKey), limits.WireKeyStringLen(e.RowKey), props)
}

// rawWireSize returns the bytes of r's JSON form in a request.
func rawWireSize(r Raw) int {
	switch r.Type {
	case edm.String:
		return limits.WireStringLen(r.Str)
	case edm.Binary:
		return limits.WireBinary(len(r.Str))
	case edm.Guid:
		return limits.WireStringLen(r.Str)
	case edm.Int32:
		return len(strconv.FormatInt(int64(r.Bits), 10))
	case edm.Int64:
		return len(strconv.FormatInt(int64(r.Bits), 10)) + 2
	case edm.Double:
		return len(strconv.FormatFloat(math.Float64frombits(r.Bits), 'g', -1, 64))
	case edm.Boolean:
		if r.Bits != 0 {
			return len("true")
		}
		return len("false")
	case edm.DateTime:
		return len(edm.FormatDateTime(r.Value().Time())) + 2
	}
	return 0
}

func rawSize(r Raw) int {
	switch r.Type {
	case edm.String:
		return limits.StringSize(edm.UTF16Len(r.Str))
	case edm.Binary:
		return limits.BinarySize(len(r.Str))
	}
	n, _ := r.Type.FixedSize()
	return n
}

// Len returns the number of custom properties.
func (e *Entity) Len() int {
	if e.enc != nil {
		return encLen(e.enc)
	}
	return len(e.fields)
}

// Raw returns the value of the property with the given name ID in compact
// form; ok is false when the entity has no such property. It is the fast
// path for compiled filters.
func (e *Entity) Raw(id NameID) (r Raw, ok bool) {
	if e.enc != nil {
		return rawAt(e.enc, id)
	}
	for i := range e.fields {
		if e.fields[i].name == id {
			return e.fields[i].raw(), true
		}
	}
	return Raw{}, false
}

// Get returns the value of a property, system properties included:
// PartitionKey and RowKey as Strings, Timestamp as a DateTime (absent
// until the entity is stored).
func (e *Entity) Get(name string) (edm.Value, bool) {
	switch name {
	case PartitionKey:
		return edm.StringValue(e.PartitionKey), true
	case RowKey:
		return edm.StringValue(e.RowKey), true
	case Timestamp:
		if e.ticks == 0 {
			return edm.Value{}, false
		}
		return edm.Value{Type: edm.DateTime, Int: e.ticks}, true
	}
	id, ok := LookupName(name)
	if !ok {
		return edm.Value{}, false
	}
	r, ok := e.Raw(id)
	if !ok {
		return edm.Value{}, false
	}
	return r.Value(), true
}

// Properties returns the custom properties sorted by name.
func (e *Entity) Properties() []edm.Property {
	fields := e.list()
	out := make([]edm.Property, len(fields))
	for i, f := range fields {
		out[i] = edm.Property{Name: f.name.String(), Value: f.raw().Value()}
	}
	slices.SortFunc(out, func(a, b edm.Property) int { return strings.Compare(a.Name, b.Name) })
	return out
}

// Ticks returns the Timestamp in 100 ns ticks since 0001-01-01, or 0 for
// an entity that was never stored.
func (e *Entity) Ticks() int64 { return e.ticks }

// Timestamp returns the server-set time of the entity's last write (the
// zero time for an entity that was never stored).
func (e *Entity) Timestamp() time.Time {
	if e.ticks == 0 {
		return time.Time{}
	}
	return edm.TicksToTime(e.ticks)
}

// ETag returns the entity's ETag in the service's form,
// W/"datetime'2024-01-02T03%3A04%3A05.1234567Z'", derived from its
// Timestamp; "" for an entity that was never stored.
func (e *Entity) ETag() string {
	if e.ticks == 0 {
		return ""
	}
	return ETagOf(e.ticks)
}

// ETagOf returns the ETag of an entity stored at ticks.
func ETagOf(ticks int64) string {
	ts := edm.TicksToTime(ticks).Format("2006-01-02T15:04:05.0000000Z")
	return `W/"datetime'` + strings.ReplaceAll(ts, ":", "%3A") + `'"`
}

// AppendJSON appends the entity as the service returns it in a query
// response (odata=nometadata, plus odata.etag): PartitionKey, RowKey,
// Timestamp, the custom properties sorted by name, each typed as
// edm.AppendEntityJSON writes them. With a non-nil sel, only the listed
// properties are written (PartitionKey, RowKey and Timestamp included only
// if listed, as Azurite does; see engine/conformance/DEVIATIONS.md), and
// names that the entity lacks are skipped.
func (e *Entity) AppendJSON(dst []byte, sel []string) []byte {
	props := make([]edm.Property, 0, e.Len()+4)
	want := func(name string) bool { return sel == nil || slices.Contains(sel, name) }
	if want(PartitionKey) {
		props = append(props, edm.Property{Name: PartitionKey, Value: edm.StringValue(e.PartitionKey)})
	}
	if want(RowKey) {
		props = append(props, edm.Property{Name: RowKey, Value: edm.StringValue(e.RowKey)})
	}
	if want(Timestamp) && e.ticks != 0 {
		props = append(props, edm.Property{Name: Timestamp, Value: edm.Value{Type: edm.DateTime, Int: e.ticks}})
	}
	for _, p := range e.Properties() {
		if want(p.Name) {
			props = append(props, p)
		}
	}
	if e.ticks != 0 {
		props = append(props, edm.Property{Name: "odata.etag", Value: edm.StringValue(e.ETag())})
	}
	return edm.AppendEntityJSON(dst, props)
}

// merge returns a new entity with e's properties overwritten by and
// extended with upd's (a Merge), validated.
func (e *Entity) merge(upd *Entity) (*Entity, error) {
	out := entityWith(e.Len() + upd.Len())
	out.fields = append(out.fields, e.list()...)
	if err := out.mergeFrom(upd); err != nil {
		return nil, err
	}
	return out, nil
}

// mergeEncoded sets out to the entity encoded in b merged with upd, as
// merge does, reusing out's room for properties.
func mergeEncoded(out *Entity, b []byte, upd *Entity) error {
	*out = Entity{fields: appendFields(out.fields[:0], b)}
	return out.mergeFrom(upd)
}

// mergeFrom takes upd's keys and overwrites and extends e's properties
// with upd's, then validates the result.
func (e *Entity) mergeFrom(upd *Entity) error {
	e.PartitionKey, e.RowKey = upd.PartitionKey, upd.RowKey
	for _, f := range upd.list() {
		replaced := false
		for i := range e.fields {
			if e.fields[i].name == f.name {
				e.fields[i] = f
				replaced = true
				break
			}
		}
		if !replaced {
			e.fields = append(e.fields, f)
		}
	}
	return e.checkTotals(e.EstimatedSize())
}

// stamped returns a copy of e with the Timestamp ticks.
func (e *Entity) stamped(ticks int64) *Entity {
	c := *e
	c.ticks = ticks
	return &c
}

// stamp returns e with the Timestamp ticks: e itself if it was never
// stored (the write takes it over, saving a copy), else a copy. The
// compare-and-swap makes sure that an entity written twice (to two
// tables, or twice to one) is stamped in place only once.
func (e *Entity) stamp(ticks int64) *Entity {
	if atomic.CompareAndSwapInt64(&e.ticks, 0, ticks) {
		return e
	}
	return e.stamped(ticks)
}

// NotFound returns the service's answer to a read of an entity that does
// not exist: 404 ResourceNotFound (what Get answers; for callers of
// LookupInto).
func NotFound() *Error { return notFound() }

// notFound is the 404 for a missing entity.
func notFound() *Error {
	return newError(http.StatusNotFound, CodeResourceNotFound, "The specified resource does not exist.")
}
