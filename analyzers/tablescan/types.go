package tablescan

import (
	"fmt"
	"go/types"

	"golang.org/x/tools/go/analysis"

	"github.com/tablelint/tablelint/analyzers/internal/diag"
	"github.com/tablelint/tablelint/analyzers/internal/index"
	"github.com/tablelint/tablelint/analyzers/internal/sdk"
	"github.com/tablelint/tablelint/analyzers/internal/writes"
	"github.com/tablelint/tablelint/edm"
	"github.com/tablelint/tablelint/internal/filtercheck"
	"github.com/tablelint/tablelint/odata"
)

// stored is how the package stores a property: its EDM type and the
// struct field it comes from.
type stored struct {
	typ   edm.Type
	owner string // the struct type's name
	time  bool   // a plain time.Time, sent as a String
}

// storedTypes returns the EDM type of each property the package's
// writes store from struct fields (json.Marshal of a struct literal or
// variable given to AddEntity, UpsertEntity, UpdateEntity). A property
// two structs store with different types is left out.
func storedTypes(pass *analysis.Pass, x *index.Index) map[string]stored {
	out := map[string]stored{}
	conflict := map[string]bool{}
	add := func(t types.Type) {
		if p, ok := t.(*types.Pointer); ok {
			t = p.Elem()
		}
		named, ok := types.Unalias(t).(*types.Named)
		if !ok || !writes.IsEntityStruct(t) {
			return
		}
		for _, f := range writes.JSONFields(t) {
			if f.Name == writes.PartitionKey || f.Name == writes.RowKey || f.Name == "Timestamp" || f.HasOption("string") {
				continue
			}
			typ, isTime, ok := edmOf(f.Var.Type())
			if !ok {
				conflict[f.Name] = true
				continue
			}
			if prev, seen := out[f.Name]; seen && (prev.typ != typ || prev.time != isTime) {
				conflict[f.Name] = true
			}
			out[f.Name] = stored{typ: typ, owner: named.Obj().Name(), time: isTime}
		}
	}
	for _, w := range x.Calls {
		if w.Legacy || w.Entity == nil || w.Via != nil {
			continue
		}
		r := x.Writes.RootsOf(w.Entity)
		for _, l := range r.Lits {
			if t := pass.TypesInfo.TypeOf(l); t != nil {
				add(t)
			}
		}
		for _, v := range r.Vars {
			add(v.Type())
		}
	}
	for name := range conflict {
		delete(out, name)
	}
	return out
}

// edmOf returns the EDM type the service stores a Go value of type t as,
// marshalled with encoding/json and sent by aztables without annotation;
// isTime marks a plain time.Time (an RFC 3339 String).
func edmOf(t types.Type) (typ edm.Type, isTime bool, ok bool) {
	switch {
	case sdk.IsAztablesType(t, "EDMDateTime"):
		return edm.DateTime, false, true
	case sdk.IsAztablesType(t, "EDMInt64"):
		return edm.Int64, false, true
	case sdk.IsAztablesType(t, "EDMGUID"):
		return edm.Guid, false, true
	case sdk.IsType(t, "time", "Time"):
		return edm.String, true, true
	}
	b, isBasic := t.Underlying().(*types.Basic)
	if !isBasic {
		return 0, false, false
	}
	switch {
	case b.Info()&types.IsString != 0:
		return edm.String, false, true
	case b.Info()&types.IsBoolean != 0:
		return edm.Boolean, false, true
	case b.Info()&types.IsInteger != 0:
		return edm.Int32, false, true // a JSON number without a fraction
	case b.Info()&types.IsFloat != 0:
		return edm.Double, false, true
	}
	return 0, false, false
}

// literalTypes reports comparisons of a property the package stores from
// a struct field with a literal of a type the stored values never match:
// TL323, or TL127 for a datetime literal against a plain time.Time field
// (stored as a String).
func literalTypes(f *odata.Filter, st map[string]stored, what string, report func(id, msg string)) {
	for _, c := range f.Comparisons() {
		s, ok := st[c.Property]
		// A literal whose value comes at run time still has the type
		// its form gives (datetime'…', '…'); a bare one has none.
		if !ok || c.Value.IsParam() && c.Value.Value.Type == edm.Invalid {
			continue
		}
		lt := c.Value.Value.Type
		switch {
		case s.time && lt == edm.DateTime:
			report("TL127", diag.Fit(
				fmt.Sprintf("%s compares %s, a time.Time of %s stored as a String, with a datetime: never matches", what, c.Property, s.owner),
				fmt.Sprintf("%s compares the time.Time %s, stored as a String, with a datetime", what, c.Property)))
		case !filtercheck.Comparable(s.typ, lt):
			report("TL323", diag.Fit(
				fmt.Sprintf("%s compares %s, stored as %s by %s, with %s literal: never matches", what, c.Property, s.typ, s.owner, filtercheck.Article(lt)),
				fmt.Sprintf("%s compares %s, stored as %s, with %s literal", what, c.Property, s.typ, filtercheck.Article(lt))))
		}
	}
}
