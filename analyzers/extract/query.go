package extract

import (
	"fmt"
	"go/ast"
	"go/types"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/tablelint/tablelint/analyzers/internal/filterflow"
	"github.com/tablelint/tablelint/analyzers/internal/flow"
	"github.com/tablelint/tablelint/analyzers/internal/values"
	"github.com/tablelint/tablelint/edm"
	"github.com/tablelint/tablelint/odata"
)

// query records a reconstructed query whose filter can be written as a
// design template: every hole stands for a value compared with a
// property.
func (e *extractor) query(ff *filterflow.Result, q *filterflow.Query) {
	if !q.Known || q.Empty || q.Options != nil || q.Legacy {
		return
	}
	filter, params, ok := FilterTemplate(q.Filter, func(h *values.Hole) Slot {
		return e.slot(ff, h)
	})
	if !ok {
		return
	}
	out := &Query{Name: funcName(q.Func), Filter: filter, Params: params, Pos: q.Call.Pos()}
	out.Table = e.pkgTable()
	if q.Via != nil {
		out.RunsAt, out.Via = q.Where, q.Via.FullName()
	} else {
		at := e.pass.Fset.Position(q.Call.Pos())
		out.RunsAt = fmt.Sprintf("%s:%d", filepath.Base(at.Filename), at.Line)
	}
	if q.Via == nil {
		out.Table = e.clientTable(q.Call)
		if len(q.Call.Args) >= 1 {
			opts := q.Call.Args[0]
			if id, ok := ast.Unparen(opts).(*ast.Ident); ok {
				if v, ok := e.info.Uses[id].(*types.Var); ok {
					if d, ok := e.x.Vars.Only(v); ok && d.Rhs != nil {
						opts = d.Rhs
					}
				}
			}
			if v, ok := e.fl.LitField(opts, "Select"); ok {
				if text, ok := flow.ConstText(v); ok && text != "" {
					for _, s := range strings.Split(text, ",") {
						if s = strings.TrimSpace(s); s != "" {
							out.Select = append(out.Select, s)
							if !isSystem(s) {
								out.Params = append(out.Params, Prop{Name: s})
							}
						}
					}
				}
			}
		}
	}
	if n, ok := e.constInt(q.Top, 0); ok && n > 0 {
		out.Top = n
	}
	e.out.Queries = append(e.out.Queries, out)
}

// Slot is what a filter's hole gives its placeholder.
type Slot struct {
	// Name is the Go variable or field the value comes from; "" when
	// none is known.
	Name string
	// Type is the Go type of the value before it was formatted
	// (int for strconv.Itoa(n)); nil when not known.
	Type types.Type
	// Verb is the fmt verb that formatted it, Layout the constant
	// layout of a time formatted into the text.
	Verb, Layout string
}

// slot describes the hole h of a filter filterflow reconstructed: from
// the flow hole it was converted from (the operand that put it into the
// text, the expression computing it, the value's own type), else from
// the syntax hole (filterflow's written) (a function ssabuild left without a body).
func (e *extractor) slot(ff *filterflow.Result, h *values.Hole) Slot {
	s := &entityState{byObj: map[types.Object]string{}}
	if fh := ff.FromFlow[h]; fh != nil {
		out := Slot{Verb: fh.Verb}
		if fh.Bound&flow.Time != 0 {
			out.Layout = fh.Layout
		}
		if v := fh.Value(); v != nil {
			out.Type = v.Type()
		} else {
			out.Type = h.Type
		}
		if out.Name = e.holeName(s, fh, h.Expr); out.Name == "Value" {
			out.Name = ""
		}
		return out
	}
	out := Slot{Name: e.exprName(s, h.Expr, 0), Type: h.Type, Verb: h.Verb}
	if h.Func == "(time.Time).Format" {
		out.Layout = h.Layout
	}
	return out
}

// isIntegerType reports whether t is an integer type.
func isIntegerType(t types.Type) bool {
	if t == nil {
		return false
	}
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Info()&types.IsInteger != 0
}

// FilterTemplate writes a reconstructed filter as a design-file filter
// template. A hole compared alone with a property other than the system
// ones is written {Property}; any other hole is named by slot(h).Name
// (the Go variable it comes from) or "Value". params are the properties the
// template compares or names, with the types the filter gives them
// (edm.Invalid when it does not tell). ok is false when the filter does
// not parse or a hole is not inside a comparison's value.
func FilterTemplate(v values.Value, slot func(*values.Hole) Slot) (text string, params []Prop, ok bool) {
	tmpl, holes := filterflow.Template(v)
	f, err := odata.ParseTemplate(tmpl)
	if err != nil {
		return "", nil, false
	}
	names := make([]string, len(holes))
	addParam := func(p Prop) {
		for i := range params {
			if params[i].Name == p.Name {
				if params[i].Type == edm.Invalid {
					params[i].Type = p.Type
				}
				return
			}
		}
		params = append(params, p)
	}
	for _, c := range f.Comparisons() {
		if !isSystem(c.Property) && !c.Value.IsParam() {
			addParam(Prop{Name: c.Property, Type: c.Value.Value.Type})
		}
		for _, part := range c.Value.Parts {
			if part.Param == nil {
				continue
			}
			i, err := strconv.Atoi(strings.TrimPrefix(part.Param.Name, "p"))
			if err != nil || i < 0 || i >= len(holes) {
				return "", nil, false
			}
			var h Slot
			if slot != nil {
				h = slot(holes[i])
			}
			t := literalType(c.Value, h)
			n := ""
			if !isSystem(c.Property) && len(c.Value.Parts) == 1 {
				n = c.Property
			} else {
				n = h.Name
			}
			if n == "" || isSystem(n) {
				n = "Value"
			}
			if t == edm.String && h.Layout != "" && !strings.ContainsAny(h.Layout, "{}'") {
				names[i] = "{" + n + ":" + h.Layout + "}"
				addParam(Prop{Name: n, Type: edm.DateTime})
				continue
			}
			if t == edm.String && isIntegerType(h.Type) {
				// A number inside a quoted key: keep it a number so its
				// padding verb stays valid.
				t = edm.Int64
			}
			names[i] = placeholderText(n, t, h)
			addParam(Prop{Name: n, Type: t})
		}
	}
	var b strings.Builder
	k := 0
	for _, p := range v.Parts {
		if p.Hole == nil {
			b.WriteString(strings.NewReplacer("{", "{{", "}", "}}").Replace(p.Text))
			continue
		}
		if k >= len(names) || names[k] == "" {
			return "", nil, false
		}
		b.WriteString(names[k])
		k++
	}
	return b.String(), params, true
}

// literalType is the type of the value a hole stands for, from the
// literal it is in (datetime'…', guid'…', '…') or, for a bare hole, its
// Go type.
func literalType(l odata.Literal, h Slot) edm.Type {
	if l.Value.Type != edm.Invalid {
		return l.Value.Type
	}
	if strings.HasPrefix(l.Raw, "'") {
		return edm.String
	}
	if i := strings.IndexByte(l.Raw, '\''); i > 0 {
		switch strings.ToLower(l.Raw[:i]) {
		case "datetime":
			return edm.DateTime
		case "guid":
			return edm.Guid
		case "x", "binary":
			return edm.Binary
		}
	}
	if isIntegerType(h.Type) {
		return edm.Int64
	}
	if h.Type != nil {
		if t := edmOf(h.Type); t != edm.Invalid && t != edm.String {
			return t
		}
	}
	return edm.Invalid
}

// placeholderText writes {Name} or {Name:%06d} (a zero-padded verb is
// kept for integers).
func placeholderText(name string, t edm.Type, h Slot) string {
	if (t == edm.Int32 || t == edm.Int64) && h.Verb != "" && h.Verb != "%d" && h.Verb != "%v" && strings.HasSuffix(h.Verb, "d") {
		return fmt.Sprintf("{%s:%s}", name, h.Verb)
	}
	return "{" + name + "}"
}
