package review

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/tablelint/tablelint/edm"
	"github.com/tablelint/tablelint/internal/limits"
	"github.com/tablelint/tablelint/model"
)

func (r *reviewer) tableNames() {
	seen := map[string]*model.Table{}
	for _, t := range r.d.Tables {
		if why := limits.TableNameProblem(t.Name); why != "" {
			r.add("TL101", t.Node, -1, "table name %q is invalid: %s", t.Name, why)
		} else if limits.ReservedTableName(t.Name) {
			r.add("TL102", t.Node, -1, "table name %q is reserved", t.Name)
		}
		key := t.Name
		if r.d.Target.Limits().TableNamesFoldCase {
			key = strings.ToLower(t.Name)
		}
		if prev, dup := seen[key]; dup {
			line, _ := r.d.Pos(prev.Node)
			r.add("TL103", t.Node, -1, "tables %q and %q (line %d) differ only in case", t.Name, prev.Name, line)
			continue
		}
		seen[key] = t
	}
}

func describe(c rune) string {
	if c < 0x20 || (c >= 0x7f && c <= 0x9f) || !unicode.IsPrint(c) {
		return fmt.Sprintf("the character U+%04X", c)
	}
	return fmt.Sprintf("%q", string(c))
}

var systemProperties = []string{"PartitionKey", "RowKey", "Timestamp"}

func (r *reviewer) properties(e *model.Entity) {
	byFold := map[string]*model.Property{}
	for _, p := range e.Properties {
		name := p.Name
		switch c, bad := limits.InvalidPropertyNameRune(name); {
		case edm.UTF16Len(name) > limits.MaxPropertyNameChars:
			r.add("TL110", p.Node, -1, "property name %q… is %d characters long; the limit is %d", truncate(name, 20), edm.UTF16Len(name), limits.MaxPropertyNameChars)
		case bad:
			r.add("TL113", p.Node, -1, "property name %q contains %s, not allowed in names", name, describe(c))
		case strings.Contains(name, "-"):
			r.add("TL112", p.Node, -1, "property name %q contains a dash, which the Table service rejects", name)
		case !limits.IsCSharpIdentifier(name):
			r.add("TL111", p.Node, -1, "property name %q is not a C# identifier", name)
		}
		for _, s := range systemProperties {
			if name == s {
				r.add("TL114", p.Node, -1, "property %q is a system property", name).Hint = "declare keys with partitionKey/rowKey; the server maintains Timestamp"
			}
		}
		r.cosmosReservedName(p)
		key := strings.ToLower(name)
		if prev, dup := byFold[key]; dup {
			line, _ := r.d.Pos(prev.Node)
			r.add("TL115", p.Node, -1, "entity type %s has properties %q and %q (line %d), which differ only in case", e.Name, name, prev.Name, line)
		} else {
			byFold[key] = p
		}
	}
	n := len(e.Properties)
	switch {
	case n > limits.MaxCustomProperties:
		r.add("TL120", e.Node, -1, "entity type %s has %d properties, over the limit of %d", e.Name, n, limits.MaxCustomProperties)
	case n*10 >= limits.MaxCustomProperties*9:
		it := r.add("TL120", e.Node, -1, "entity type %s has %d properties, %d%% of the limit of %d", e.Name, n, n*100/limits.MaxCustomProperties, limits.MaxCustomProperties)
		it.Severity = warningSeverity
	}
}

func truncate(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	r := []rune(s)
	return string(r[:n])
}
