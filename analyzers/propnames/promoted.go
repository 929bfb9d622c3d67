package propnames

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"reflect"
	"strings"

	"github.com/tablelint/tablelint/analyzers/internal/diag"
	"github.com/tablelint/tablelint/analyzers/internal/writes"
	"github.com/tablelint/tablelint/internal/finding"
)

// promotedCase reports TL115 for two names of the entity struct t
// (declared by ts) equal ignoring case when at least one of them is
// promoted from an embedded struct and they do not both come through
// the same one (encoding/json writes the promoted fields beside the own
// ones: an embedded aztables.Entity's Timestamp and an embedded
// record's "timestamp" are two properties of one row). Names both
// declared in the struct itself are entity's. Reported at the later
// name's field: its own declaration when this package declares it, else
// the embedding field. fields maps the positions of the package's
// struct fields to their declarations; done holds the positions
// reported.
func (c *checker) promotedCase(ts *ast.TypeSpec, t types.Type, fields map[token.Pos]*ast.Field, done map[token.Pos]bool) {
	st, ok := ts.Type.(*ast.StructType)
	if !ok {
		return
	}
	tst := writes.StructOf(t)
	if tst == nil {
		return
	}
	type named struct {
		name   string
		at     ast.Node
		origin int // the embedding field's index; -1 for the struct's own
	}
	var props []named
	for i := 0; i < tst.NumFields(); i++ {
		f := tst.Field(i)
		if tag, ok := reflect.StructTag(tst.Tag(i)).Lookup("json"); ok && tag != "" && !strings.HasPrefix(tag, ",") {
			if tag != "-" && f.Exported() {
				name, _, _ := strings.Cut(tag, ",")
				props = append(props, named{name, fieldNode(st, f.Pos()), -1})
			}
			continue
		}
		if f.Embedded() && writes.StructOf(f.Type()) != nil {
			embedding := embeddedNode(st, f.Pos())
			for _, pf := range writes.JSONFields(f.Type()) {
				at := embedding
				if d := fields[pf.Var.Pos()]; d != nil && pf.Var.Pkg() == c.pass.Pkg {
					at = d
				}
				props = append(props, named{pf.Name, at, i})
			}
			continue
		}
		if f.Exported() {
			props = append(props, named{f.Name(), fieldNode(st, f.Pos()), -1})
		}
	}
	byFold := map[string]named{}
	for _, p := range props {
		if annotation(p.name) || p.at == nil {
			continue
		}
		key := strings.ToLower(p.name)
		prev, dup := byFold[key]
		if !dup {
			byFold[key] = p
			continue
		}
		if prev.name == p.name || prev.origin == p.origin || done[p.at.Pos()] {
			continue // the same name (encoding/json keeps one), or the struct's own pair
		}
		done[p.at.Pos()] = true
		diag.Report(c.pass, "TL115", p.at, "%s", diag.Fit(
			fmt.Sprintf("property names %q and %q of %s differ only in case", finding.Clip(p.name), finding.Clip(prev.name), ts.Name.Name),
			fmt.Sprintf("property name %q of %s differs only in case from another", finding.Clip(p.name), ts.Name.Name)))
	}
}

// structFields maps the positions of the names of the struct fields
// declared in the package's files to their declarations.
func structFields(files []*ast.File) map[token.Pos]*ast.Field {
	out := map[token.Pos]*ast.Field{}
	for _, f := range files {
		ast.Inspect(f, func(n ast.Node) bool {
			if st, ok := n.(*ast.StructType); ok {
				for _, fd := range st.Fields.List {
					for _, id := range fd.Names {
						out[id.Pos()] = fd
					}
				}
			}
			return true
		})
	}
	return out
}

// embeddedNode returns the embedded field of st whose type names the
// field at pos.
func embeddedNode(st *ast.StructType, pos token.Pos) ast.Node {
	for _, f := range st.Fields.List {
		if len(f.Names) == 0 && f.Type.Pos() <= pos && pos < f.Type.End() {
			return f
		}
	}
	return nil
}
