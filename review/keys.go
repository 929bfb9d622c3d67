package review

import (
	"fmt"
	"regexp"
	"strings"

	"github.com/tablelint/tablelint/internal/finding"
	"github.com/tablelint/tablelint/internal/numtext"

	"github.com/tablelint/tablelint/edm"
	"github.com/tablelint/tablelint/internal/filtercheck"
	"github.com/tablelint/tablelint/internal/limits"
	"github.com/tablelint/tablelint/model"
)

// InvertedTicksWidth is the width of inverted .NET ticks ("{0:D19}").
const InvertedTicksWidth = 19

func (r *reviewer) keys(e *model.Entity) {
	for _, k := range []struct {
		name string
		t    *model.Template
	}{{"PartitionKey", e.PartitionKey}, {"RowKey", e.RowKey}} {
		r.keyTemplate(e, k.name, k.t)
	}
}

func (r *reviewer) keyTemplate(e *model.Entity, key string, t *model.Template) {
	n := t.Node
	for i := range t.Parts {
		p := &t.Parts[i]
		if c, bad := filtercheck.InvalidKeyChar(p.SampleText()); bad {
			what := "contains"
			if p.IsPlaceholder() {
				what = p.String() + " produces"
			}
			r.addSpan("TL201", n, p.Offset, p.Len, "entity type %s: %s template: %s %s, which keys cannot contain", e.Name, key, what, describe(c))
		}
		switch {
		case invTicksUnpadded(p):
			r.addSpan("TL205", n, p.Offset, p.Len, "entity type %s: %s template: %s is not padded to %d digits",
				e.Name, key, p.String(), InvertedTicksWidth).Hint = sprintf("write %s, so that newer keys always sort first", paddedSuggestion(p, InvertedTicksWidth))
		case numericUnpadded(p):
			width := 10
			if p.Builtin == model.Seq || (p.Prop != nil && p.Prop.Type == edm.Int64) {
				width = 19
			}
			what := "a sequence number"
			if p.Prop != nil {
				what = "an " + p.Prop.Type.String()
			}
			r.addSpan("TL204", n, p.Offset, p.Len, "entity type %s: %s template: %s (%s) is not zero-padded",
				e.Name, key, p.String(), what).Hint = sprintf("write %s: keys sort as text (\"10\" before \"9\")", paddedSuggestion(p, width))
		}
	}
	svc := r.d.Target.Limits()
	switch w := t.DeclaredWidth(); {
	case w > limits.MaxKeyChars:
		r.add("TL202", n, -1, "entity type %s: %s template %q can produce %s characters, over %d", e.Name, key, finding.Clip(t.Text), numtext.Group(int64(w)), limits.MaxKeyChars)
	case key == "RowKey" && svc.MaxRowKeyBytes > 0 && w > svc.MaxRowKeyBytes:
		// A UTF-16 code unit is at least one byte of UTF-8: w characters
		// are at least w bytes.
		r.add("TL202", n, -1, "entity type %s: RowKey %q can be %s characters, over Cosmos DB's %d bytes",
			e.Name, finding.Clip(t.Text), numtext.Group(int64(w)), svc.MaxRowKeyBytes).Hint = sprintf("\"Row keys can only be up to 255 bytes.\" (%s); a character is at least a byte: key by a shorter identifier (an ID or a hash) and keep the long value as a property", svc.Source)
	}
}

var verbRE = regexp.MustCompile(`^%([-+# 0]*)(\d*)(?:\.\d*)?([a-zA-Z])$`)

// zeroPadded reports whether verb pads an integer with zeros to a width of
// at least min.
func zeroPadded(verb string, min int) bool {
	m := verbRE.FindStringSubmatch(verb)
	if m == nil || !strings.Contains(m[1], "0") || strings.Contains(m[1], "-") || m[2] == "" {
		return false
	}
	w := 0
	fmt.Sscan(m[2], &w)
	return w >= min
}

func numericUnpadded(p *model.Part) bool {
	switch {
	case p.Builtin == model.Seq:
	case p.Builtin == model.NotBuiltin && p.Prop != nil && (p.Prop.Type == edm.Int32 || p.Prop.Type == edm.Int64):
	default:
		return false
	}
	return !zeroPadded(p.Verb, 1)
}

var ticksNameRE = regexp.MustCompile(`(?i)(inv|rev).*tick|tick.*(inv|rev)`)

func invTicksUnpadded(p *model.Part) bool {
	switch {
	case p.Builtin == model.InvTicks:
		return p.Verb != "" && !zeroPadded(p.Verb, InvertedTicksWidth)
	case p.Builtin == model.NotBuiltin && p.Prop != nil && p.Prop.Type == edm.Int64 && ticksNameRE.MatchString(p.Name):
		return !zeroPadded(p.Verb, InvertedTicksWidth)
	}
	return false
}

func paddedSuggestion(p *model.Part, width int) string {
	name := p.Name
	if p.Builtin != model.NotBuiltin {
		name = p.Builtin.String()
	}
	if p.Builtin == model.InvTicks {
		return "{invticks}"
	}
	return fmt.Sprintf("{%s:%%0%dd}", name, width)
}

// leadKind says what a PartitionKey template starts with, for the
// prepend/append checks: "" when its first placeholder spreads writes.
func leadKind(t *model.Template) string {
	if t.Constant() {
		return "constant"
	}
	switch lead := t.Leading(); lead.Builtin {
	case model.Now:
		return "now"
	case model.Seq:
		return "seq"
	}
	return ""
}

// partitionLoad checks, per PartitionKey template of the table, whether the
// writes of the entity types sharing it pile onto one partition (TL209,
// TL208).
func (r *reviewer) partitionLoad(t *model.Table) {
	target := r.opt.partitionRate()
	done := map[*model.Entity]bool{}
	for _, e := range t.Entities {
		if done[e] {
			continue
		}
		kind := leadKind(e.PartitionKey)
		var group []*model.Entity
		var writes float64
		known := false
		for _, o := range t.Entities {
			if o.PartitionKey.Equal(e.PartitionKey) {
				done[o] = true
				group = append(group, o)
				if o.WritesNode != nil {
					writes += o.Writes.PerSecond()
					known = true
				}
			}
		}
		if kind == "" || !known {
			continue
		}
		names := make([]string, len(group))
		for i, o := range group {
			names[i] = o.Name
		}
		who := "entity type " + names[0]
		if len(names) > 1 {
			who = "entity types " + strings.Join(names, ", ")
		}
		why := map[string]string{
			"now":      "starts with the current time",
			"seq":      "starts with an increasing sequence",
			"constant": "is constant",
		}[kind]
		switch {
		case writes > target:
			r.add("TL209", e.PartitionKey.Node, -1, "PartitionKey %q %s: %s writes/s on one partition",
				finding.Clip(e.PartitionKey.Text), why, num(writes)).Hint = sprintf("all writes of %s go to one partition at a time, over a partition's target of %s entities/s (prepend/append anti-pattern): prefix it with a well-spread value",
				who, num(target))
		case kind == "constant" && writes*4 >= target:
			r.add("TL208", e.PartitionKey.Node, -1, "PartitionKey %q is constant: %s writes/s on one partition",
				finding.Clip(e.PartitionKey.Text), num(writes)).Hint = sprintf("the writes of %s are %d%% of a partition's target of %s entities/s, and one partition cannot scale out",
				who, int(writes*100/target), num(target))
		}
	}
}

var logWordRE = regexp.MustCompile(`^(log|logs|event|events|audit|audits|trace|traces|journal)$`)

// isLogName reports whether a CamelCase or snake_case name has a word such
// as Log, Event, Audit or Trace (but not Login or Catalog).
func isLogName(name string) bool {
	for _, w := range splitWords(name) {
		if logWordRE.MatchString(strings.ToLower(w)) {
			return true
		}
	}
	return false
}

func splitWords(s string) []string {
	var words []string
	start := 0
	rs := []rune(s)
	for i := 1; i <= len(rs); i++ {
		if i == len(rs) || rs[i] == '_' || rs[i] == '-' ||
			(isUpper(rs[i]) && (!isUpper(rs[i-1]) || (i+1 < len(rs) && !isUpper(rs[i+1]) && rs[i+1] != '_'))) {
			if w := strings.Trim(string(rs[start:i]), "_-"); w != "" {
				words = append(words, w)
			}
			start = i
		}
	}
	return words
}

func isUpper(r rune) bool { return r >= 'A' && r <= 'Z' }

// logData reports log-like entity types with a time-led PartitionKey (the
// log data anti-pattern).
func (r *reviewer) logData(t *model.Table) {
	for _, e := range t.Entities {
		if !isLogName(t.Name) && !isLogName(e.Name) {
			continue
		}
		lead := e.PartitionKey.Leading()
		if lead == nil {
			continue
		}
		timeLed := lead.Builtin == model.Now ||
			(lead.Builtin == model.NotBuiltin && lead.Prop != nil && lead.Prop.Type == edm.DateTime)
		if !timeLed {
			continue
		}
		r.add("TL509", e.PartitionKey.Node, -1, "%s.%s looks like log data keyed by time",
			t.Name, e.Name).Hint = sprintf("PartitionKey %q: writes pile onto the current time's partition, and spreading them makes time-range reads scan every partition (log data anti-pattern): store log data in Blob storage",
			e.PartitionKey.Text)
	}
}
