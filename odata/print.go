package odata

import "strings"

// String prints the filter in canonical form: single spaces, the source's
// parentheses kept, literals in canonical form. The canonical form parses
// back to the same tree.
func (f *Filter) String() string {
	if f == nil || f.Expr == nil {
		return ""
	}
	var b strings.Builder
	f.Expr.print(&b)
	return b.String()
}

// String prints the disjunction in canonical form.
func (o *Expr) String() string {
	var b strings.Builder
	o.print(&b)
	return b.String()
}

// String prints the comparison in canonical form.
func (c *Comparison) String() string {
	var b strings.Builder
	c.print(&b)
	return b.String()
}

// String prints the factor in canonical form.
func (f *Factor) String() string {
	var b strings.Builder
	f.print(&b)
	return b.String()
}

func (o *Expr) print(b *strings.Builder) {
	for i, t := range o.Terms {
		if i > 0 {
			b.WriteString(" or ")
		}
		for j, f := range t.Factors {
			if j > 0 {
				b.WriteString(" and ")
			}
			f.print(b)
		}
	}
}

func (f *Factor) print(b *strings.Builder) {
	switch {
	case f.Not != nil:
		b.WriteString("not ")
		f.Not.print(b)
	case f.Group != nil:
		b.WriteByte('(')
		f.Group.print(b)
		b.WriteByte(')')
	case f.Cmp != nil:
		f.Cmp.print(b)
	}
}

func (c *Comparison) print(b *strings.Builder) {
	b.WriteString(c.Property)
	b.WriteByte(' ')
	b.WriteString(c.Op.String())
	b.WriteByte(' ')
	b.WriteString(c.Value.String())
}

// String prints the literal in canonical form; placeholders are printed
// back as {Name} or {Name:VERB}.
func (l *Literal) String() string {
	if l.Parts == nil {
		return l.Value.Literal()
	}
	if len(l.Parts) == 1 && l.Parts[0].Param != nil && l.Raw != "" && l.Raw[0] == '{' {
		return l.Parts[0].Param.String()
	}
	var b strings.Builder
	switch l.Value.Type {
	case 0, 1: // edm.Invalid, edm.String
		b.WriteByte('\'')
	default:
		b.WriteString(prefixFor(l))
		b.WriteByte('\'')
	}
	for _, p := range l.Parts {
		if p.Param != nil {
			b.WriteString(p.Param.String())
			continue
		}
		b.WriteString(templateEscaper.Replace(p.Text))
	}
	b.WriteByte('\'')
	return b.String()
}

// templateEscaper escapes plain text inside a template literal.
var templateEscaper = strings.NewReplacer("'", "''", "{", "{{", "}", "}}")

func prefixFor(l *Literal) string {
	if i := strings.IndexByte(l.Raw, '\''); i > 0 {
		return l.Raw[:i]
	}
	return l.Value.Type.String()
}

// String prints the placeholder as {Name} or {Name:VERB}.
func (p *Param) String() string {
	if p.Verb == "" {
		return "{" + p.Name + "}"
	}
	return "{" + p.Name + ":" + p.Verb + "}"
}
