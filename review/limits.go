package review

import (
	"strings"

	"github.com/tablelint/tablelint/edm"
	"github.com/tablelint/tablelint/internal/limits"
	"github.com/tablelint/tablelint/internal/numtext"
	"github.com/tablelint/tablelint/internal/rules"
	"github.com/tablelint/tablelint/model"
)

const warningSeverity = rules.Warning

func (r *reviewer) entityLimit() (int64, string) {
	svc := r.d.Target.Limits()
	return svc.MaxEntityBytes, svc.EntityLimit
}

func (r *reviewer) size(e *model.Entity) {
	s := e.SizeOn(r.d.Target)
	limit, limitText := r.entityLimit()
	switch {
	case s.Declared > limit:
		it := r.add("TL121", e.Node, -1, "entity type %s can be %s, over the entity limit of %s", e.Name, bytesText(s.Declared), limitText)
		r.cosmosBinaryHint(it, e)
	case s.Max > limit:
		it := r.add("TL121", e.Node, -1, "entity type %s can reach %s with unbounded properties, over %s",
			e.Name, bytesText(s.Max), limitText)
		it.Severity = warningSeverity
		it.Hint = sprintf("declare maxLength/maxBytes for %s (counted at %s each); if they really can be that large, move them to Blob storage (large entities pattern)", propList(s.Unbounded), limits.SizeText(limits.MaxStringBytes))
	case s.Declared*100 >= limit*limits.SizeWarnPercent:
		it := r.add("TL121", e.Node, -1, "entity type %s can be %s, %d%% of the limit of %s", e.Name, bytesText(s.Declared), s.Declared*100/limit, limitText)
		it.Severity = warningSeverity
		r.cosmosBinaryHint(it, e)
	}
	inKey := keyProperties(e.Table)
	for _, p := range e.Properties {
		switch {
		case p.Type == edm.String && p.MaxLength > limits.MaxStringChars:
			r.add("TL122", p.MaxLengthNode, -1, "property %s: maxLength %s is over the String limit of %s characters", p.Name, numtext.Group(p.MaxLength), numtext.Group(limits.MaxStringChars))
		case p.Type == edm.Binary && p.MaxBytes > limits.MaxBinaryBytes:
			r.add("TL123", p.MaxBytesNode, -1, "property %s: maxBytes %s is over the Binary limit of %s bytes", p.Name, numtext.Group(p.MaxBytes), numtext.Group(limits.MaxBinaryBytes))
		case !p.Bounded():
			field := "maxLength"
			if p.Type == edm.Binary {
				field = "maxBytes"
			}
			it := r.add("TL132", p.Node, -1, "property %s (%s) has no %s: sized at %s", p.Name, p.Type, field, limits.SizeText(limits.MaxStringBytes))
			if inKey[p.Name] {
				it.Hint = sprintf("declare %s: the entity size estimate counts %s, and the key template it is part of can exceed the %s (%d-character) key limit", field, limits.SizeText(limits.MaxStringBytes), limits.SizeText(limits.MaxKeyBytes), limits.MaxKeyChars)
			}
		}
	}
}

// keyProperties returns the names of properties used in a key template of
// any entity type of the table.
func keyProperties(t *model.Table) map[string]bool {
	out := map[string]bool{}
	for _, e := range t.Entities {
		for _, tpl := range []*model.Template{e.PartitionKey, e.RowKey} {
			for i := range tpl.Parts {
				if p := &tpl.Parts[i]; p.Name != "" && p.Builtin == model.NotBuiltin {
					out[p.Name] = true
				}
			}
		}
	}
	return out
}

func propList(ps []*model.Property) string {
	names := make([]string, 0, len(ps))
	for i, p := range ps {
		if i == 5 {
			names = append(names, "…")
			break
		}
		names = append(names, p.Name)
	}
	return strings.Join(names, ", ")
}
