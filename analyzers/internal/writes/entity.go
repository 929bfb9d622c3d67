package writes

import (
	"go/ast"
	"go/constant"
	"go/types"
	"reflect"
	"strings"

	"github.com/tablelint/tablelint/analyzers/internal/sdk"
)

// The system properties.
const (
	PartitionKey = "PartitionKey"
	RowKey       = "RowKey"
	Timestamp    = "Timestamp"
)

// JSONField is a struct field as encoding/json sees it.
type JSONField struct {
	Name string     // the JSON name (the tag's name, else the Go name)
	Var  *types.Var // the Go field
	// Options are the json tag's options after the name ("omitempty",
	// "omitempty,string"), "" if none.
	Options string
}

// HasOption reports whether the field's json tag has option opt
// ("omitempty", "omitzero", "string").
func (f JSONField) HasOption(opt string) bool {
	return strings.Contains(","+f.Options+",", ","+opt+",")
}

// JSONFields returns the fields encoding/json marshals for struct type t
// (or *t): exported fields, renamed by their json tag, without `json:"-"`,
// with the fields of untagged embedded structs promoted. It returns nil
// if t is not a struct. Name conflicts are not resolved.
func JSONFields(t types.Type) []JSONField {
	st := structOf(t)
	if st == nil {
		return nil
	}
	var out []JSONField
	jsonFields(st, &out, 0)
	return out
}

func structOf(t types.Type) *types.Struct {
	if t == nil {
		return nil
	}
	t = types.Unalias(t)
	if p, ok := t.Underlying().(*types.Pointer); ok {
		t = p.Elem()
	}
	st, _ := t.Underlying().(*types.Struct)
	return st
}

func jsonFields(st *types.Struct, out *[]JSONField, depth int) {
	if depth > MaxDepth {
		return
	}
	for i := 0; i < st.NumFields(); i++ {
		f := st.Field(i)
		name, skip := jsonName(f, st.Tag(i))
		if skip {
			continue
		}
		if f.Embedded() && name == "" {
			if inner := structOf(f.Type()); inner != nil {
				jsonFields(inner, out, depth+1)
				continue
			}
		}
		if !f.Exported() {
			continue
		}
		if name == "" {
			name = f.Name()
		}
		tag, _ := reflect.StructTag(st.Tag(i)).Lookup("json")
		_, opts, _ := strings.Cut(tag, ",")
		*out = append(*out, JSONField{Name: name, Var: f, Options: opts})
	}
}

// jsonName returns the name a json tag gives the field ("" if none) and
// whether the field is skipped (`json:"-"`).
func jsonName(f *types.Var, tag string) (string, bool) {
	v, ok := reflect.StructTag(tag).Lookup("json")
	if !ok {
		return "", false
	}
	if v == "-" {
		return "", true
	}
	name, _, _ := strings.Cut(v, ",")
	return name, false
}

// FieldJSONName returns the JSON name of field i of st.
func FieldJSONName(st *types.Struct, i int) (string, bool) {
	f := st.Field(i)
	name, skip := jsonName(f, st.Tag(i))
	if skip {
		return "", false
	}
	if name == "" {
		name = f.Name()
	}
	return name, true
}

// IsEntityStruct reports whether t (or *t) is a struct that marshals to
// an entity: aztables.Entity or EDMEntity, the legacy storage.Entity, or
// a struct whose JSON form has both PartitionKey and RowKey string fields
// that can be an entity's data (not NotEntityData).
func IsEntityStruct(t types.Type) bool {
	if t == nil {
		return false
	}
	if sdk.IsAztablesType(t, "Entity") || sdk.IsAztablesType(t, "EDMEntity") || sdk.IsLegacyType(t, "Entity") {
		return true
	}
	var pk, rk bool
	for _, f := range JSONFields(t) {
		if !isString(f.Var.Type()) {
			continue
		}
		switch f.Name {
		case PartitionKey:
			pk = true
		case RowKey:
			rk = true
		}
	}
	return pk && rk && !NotEntityData(t)
}

// NotEntityData reports whether struct t (or *t), whose fields name a
// PartitionKey and a RowKey, is something other than an entity's data:
// one of its own fields holds a client of the Table service
// (sdk.IsTableClient) — a handler or a repository that remembers which
// keys to ask for — or is a func, chan or complex field, which
// encoding/json refuses (json.Marshal of the struct fails, so it is
// never sent). Only the struct's own fields count: an embedded legacy
// storage.Entity brings its Table field with it, and the legacy
// storage.Entity itself (t named) is an entity whatever its Table field
// holds: the legacy batch and entity writes send its keys.
func NotEntityData(t types.Type) bool {
	if sdk.IsLegacyType(t, "Entity") {
		return false
	}
	st := structOf(t)
	if st == nil {
		return false
	}
	if sdk.HoldsTableClient(t) {
		return true
	}
	for i := 0; i < st.NumFields(); i++ {
		f := st.Field(i)
		if f.Embedded() {
			continue
		}
		if _, skip := jsonName(f, st.Tag(i)); skip || !f.Exported() {
			continue
		}
		switch u := f.Type().Underlying().(type) {
		case *types.Signature, *types.Chan:
			return true
		case *types.Basic:
			if u.Info()&types.IsComplex != 0 {
				return true
			}
		}
	}
	return false
}

func isString(t types.Type) bool {
	if t == nil {
		return false
	}
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Info()&types.IsString != 0
}

// IsStringMap reports whether t is a map with string keys.
func IsStringMap(t types.Type) bool {
	if t == nil {
		return false
	}
	m, ok := t.Underlying().(*types.Map)
	return ok && isString(m.Key())
}

// ConstString returns e's constant string value.
func (x *Index) ConstString(e ast.Expr) (string, bool) {
	if tv, ok := x.Info.Types[e]; ok && tv.Value != nil && tv.Value.Kind() == constant.String {
		return constant.StringVal(tv.Value), true
	}
	return "", false
}

// KeySink is a value that becomes an entity's PartitionKey or RowKey.
type KeySink struct {
	Key   string   // PartitionKey or RowKey
	Value ast.Expr // the value given
}

// KeysIn calls visit for every key sink inside n: fields of entity struct
// literals, "PartitionKey"/"RowKey" entries of map literals, assignments
// to such fields and map entries, the key arguments of aztables
// GetEntity/DeleteEntity and legacy GetEntityReference.
func (x *Index) KeysIn(n ast.Node, visit func(KeySink)) {
	ast.Inspect(n, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.CompositeLit:
			x.litKeys(n, visit)
		case *ast.AssignStmt:
			if len(n.Lhs) != len(n.Rhs) {
				return true
			}
			for i, l := range n.Lhs {
				if k := x.KeyTarget(l); k != "" {
					visit(KeySink{Key: k, Value: n.Rhs[i]})
				}
			}
		case *ast.CallExpr:
			x.callKeys(n, visit)
		}
		return true
	})
}

func (x *Index) litKeys(lit *ast.CompositeLit, visit func(KeySink)) {
	t := x.Info.TypeOf(lit)
	if t == nil {
		return
	}
	if IsStringMap(t) {
		for _, e := range lit.Elts {
			kv, ok := e.(*ast.KeyValueExpr)
			if !ok {
				continue
			}
			if k, ok := x.ConstString(kv.Key); ok && (k == PartitionKey || k == RowKey) {
				visit(KeySink{Key: k, Value: kv.Value})
			}
		}
		return
	}
	st := structOf(t)
	if st == nil || !IsEntityStruct(t) {
		return
	}
	for i, e := range lit.Elts {
		var f int
		val := e
		if kv, ok := e.(*ast.KeyValueExpr); ok {
			id, ok := kv.Key.(*ast.Ident)
			if !ok {
				continue
			}
			f = FieldIndex(st, id.Name)
			val = kv.Value
		} else {
			f = i
		}
		if f < 0 || f >= st.NumFields() || !isString(st.Field(f).Type()) {
			continue
		}
		if name, ok := FieldJSONName(st, f); ok && (name == PartitionKey || name == RowKey) {
			visit(KeySink{Key: name, Value: val})
		}
	}
}

// FieldIndex returns the index of st's field called name, or -1: the
// field a keyed struct literal element sets.
func FieldIndex(st *types.Struct, name string) int {
	for i := 0; i < st.NumFields(); i++ {
		if st.Field(i).Name() == name {
			return i
		}
	}
	return -1
}

// KeyTarget returns PartitionKey or RowKey if the assignment target l
// sets an entity's key (e.PartitionKey = …, m["RowKey"] = …), else "".
func (x *Index) KeyTarget(l ast.Expr) string {
	switch l := ast.Unparen(l).(type) {
	case *ast.SelectorExpr:
		s := x.Info.Selections[l]
		if s == nil || s.Kind() != types.FieldVal {
			return ""
		}
		name := s.Obj().Name()
		if (name == PartitionKey || name == RowKey) && isString(s.Obj().Type()) && IsEntityStruct(s.Recv()) {
			return name
		}
	case *ast.IndexExpr:
		if !IsStringMap(x.Info.TypeOf(l.X)) {
			return ""
		}
		if k, ok := x.ConstString(l.Index); ok && (k == PartitionKey || k == RowKey) {
			return k
		}
	}
	return ""
}

func (x *Index) callKeys(call *ast.CallExpr, visit func(KeySink)) {
	switch {
	case (sdk.IsMethod(x.Info, call, "Client", "GetEntity") || sdk.IsMethod(x.Info, call, "Client", "DeleteEntity")) && len(call.Args) >= 3:
		visit(KeySink{Key: PartitionKey, Value: call.Args[1]})
		visit(KeySink{Key: RowKey, Value: call.Args[2]})
	case sdk.IsLegacyMethod(x.Info, call, "Table", "GetEntityReference") && len(call.Args) == 2:
		visit(KeySink{Key: PartitionKey, Value: call.Args[0]})
		visit(KeySink{Key: RowKey, Value: call.Args[1]})
	}
}
