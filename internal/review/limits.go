package review

import (
	"strings"

	"github.com/tablelint/tablelint/edm"
	"github.com/tablelint/tablelint/internal/limits"
	"github.com/tablelint/tablelint/internal/rules"
	"github.com/tablelint/tablelint/model"
)

const warningSeverity = rules.Warning

func (r *reviewer) entityLimit() (int64, string) {
	if r.d.Target == model.Cosmos {
		return limits.MaxCosmosEntityBytes, "2 MB (Cosmos DB Table API)"
	}
	return limits.MaxEntityBytes, "1 MiB"
}

func (r *reviewer) size(e *model.Entity) {
	s := e.Size()
	limit, limitText := r.entityLimit()
	switch {
	case s.Declared > limit:
		r.add("TL121", e.Node, -1, "entity type %s can be %s, over the entity limit of %s", e.Name, bytesText(s.Declared), limitText)
	case s.Max > limit:
		it := r.add("TL121", e.Node, -1, "entity type %s can reach %s if its unbounded properties (%s) hold 64 KiB each, over the entity limit of %s",
			e.Name, bytesText(s.Max), propList(s.Unbounded), limitText)
		it.Severity = warningSeverity
		it.Hint = "declare maxLength/maxBytes for those properties; if they really can be that large, move them to Blob storage (large entities pattern)"
	case s.Declared*100 >= limit*limits.SizeWarnPercent:
		it := r.add("TL121", e.Node, -1, "entity type %s can be %s, %d%% of the entity limit of %s", e.Name, bytesText(s.Declared), s.Declared*100/limit, limitText)
		it.Severity = warningSeverity
	}
	inKey := keyProperties(e.Table)
	for _, p := range e.Properties {
		switch {
		case p.Type == edm.String && p.MaxLength > limits.MaxStringChars:
			r.add("TL122", p.MaxLengthNode, -1, "property %s: maxLength %s characters is over the String limit of 64 KiB (%s characters)", p.Name, thousands(p.MaxLength), thousands(limits.MaxStringChars))
		case p.Type == edm.Binary && p.MaxBytes > limits.MaxBinaryBytes:
			r.add("TL123", p.MaxBytesNode, -1, "property %s: maxBytes %s is over the Binary limit of 64 KiB (%s bytes)", p.Name, thousands(p.MaxBytes), thousands(limits.MaxBinaryBytes))
		case !p.Bounded():
			field := "maxLength"
			if p.Type == edm.Binary {
				field = "maxBytes"
			}
			msg := "property %s (%s) has no %s: sized at the service's 64 KiB limit in the entity size estimate"
			if inKey[p.Name] {
				msg += "; it is also part of a key template, which can then exceed the 1 KiB (512-character) key limit"
			}
			r.add("TL132", p.Node, -1, msg, p.Name, p.Type, field)
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
