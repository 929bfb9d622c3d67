package model

import (
	"fmt"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/tablelint/tablelint/edm"
	"github.com/tablelint/tablelint/internal/limits"
	"gopkg.in/yaml.v3"
)

// Builtin is a built-in placeholder of a key template or filter.
type Builtin uint8

// The built-ins. NotBuiltin marks a property placeholder.
const (
	NotBuiltin Builtin = iota
	Now                // {now:LAYOUT}: the current time in a Go time layout
	InvTicks           // {invticks}: 19-digit inverted .NET ticks, newest first
	Seq                // {seq}: a monotonically increasing counter
	UUID               // {uuid}: a random UUID
	Hash               // {hash:Prop:N}: bucket 0..N-1 of a property's hash
)

var builtinNames = [...]string{Now: "now", InvTicks: "invticks", Seq: "seq", UUID: "uuid", Hash: "hash"}

// String returns the built-in's name as written in a template.
func (b Builtin) String() string {
	if b > NotBuiltin && int(b) < len(builtinNames) {
		return builtinNames[b]
	}
	return ""
}

// LookupBuiltin returns the built-in named name.
func LookupBuiltin(name string) (Builtin, bool) {
	for i, n := range builtinNames {
		if n != "" && n == name {
			return Builtin(i), true
		}
	}
	return NotBuiltin, false
}

// Template is a parsed key template such as "empid_{EmployeeId:%06d}".
type Template struct {
	Text  string
	Node  *yaml.Node // the template's scalar node
	Parts []Part
}

// Part is a piece of a key template: literal Text, or a placeholder
// (IsPlaceholder): a property (Name, Verb) or a built-in.
type Part struct {
	// Text is literal text (after unescaping "{{").
	Text string
	// Builtin is the built-in, NotBuiltin for a property or text.
	Builtin Builtin
	// Name is the property a property placeholder or {hash:Prop:N} uses.
	Name string
	// Verb is a property's (or seq's, invticks') fmt verb, or now's time
	// layout; empty if absent.
	Verb string
	// Buckets is N of {hash:Prop:N}.
	Buckets int
	// Offset and Len locate the part in the template text, in bytes.
	Offset, Len int
	// Prop is the property a placeholder refers to, set when resolved.
	Prop *Property
}

// IsPlaceholder reports whether the part is a placeholder rather than text.
func (p *Part) IsPlaceholder() bool { return p.Builtin != NotBuiltin || p.Name != "" }

// String prints the part as it appears in a template.
func (p *Part) String() string {
	switch {
	case !p.IsPlaceholder():
		return strings.ReplaceAll(p.Text, "{", "{{")
	case p.Builtin == Hash:
		return fmt.Sprintf("{hash:%s:%d}", p.Name, p.Buckets)
	case p.Builtin != NotBuiltin:
		if p.Verb == "" {
			return "{" + p.Builtin.String() + "}"
		}
		return "{" + p.Builtin.String() + ":" + p.Verb + "}"
	case p.Verb != "":
		return "{" + p.Name + ":" + p.Verb + "}"
	}
	return "{" + p.Name + "}"
}

// TemplateError is a malformed key template.
type TemplateError struct {
	Offset, Len int // the bad spot, in bytes
	Msg         string
}

func (e *TemplateError) Error() string { return fmt.Sprintf("%s (at byte %d)", e.Msg, e.Offset) }

// MaxTemplateParts bounds the number of parts in one template.
const MaxTemplateParts = 1000

// ParseTemplate parses a key template: literal text with placeholders
// {Prop}, {Prop:VERB}, {now:LAYOUT}, {invticks}, {seq}, {uuid} and
// {hash:Prop:N}. "{{" stands for a literal "{". It checks the syntax
// only; Resolve checks the placeholders against an entity type. Errors
// are *TemplateError.
func ParseTemplate(s string) ([]Part, error) {
	if !utf8.ValidString(s) {
		return nil, &TemplateError{Offset: firstInvalidUTF8(s), Len: 1, Msg: "invalid UTF-8 in template"}
	}
	var parts []Part
	var text strings.Builder
	textStart := 0
	flush := func(end int) {
		if text.Len() > 0 {
			parts = append(parts, Part{Text: text.String(), Offset: textStart, Len: end - textStart})
			text.Reset()
		}
	}
	for i := 0; i < len(s); {
		if len(parts) > MaxTemplateParts {
			return nil, &TemplateError{Offset: i, Len: 1, Msg: fmt.Sprintf("template has more than %d parts", MaxTemplateParts)}
		}
		c := s[i]
		if c != '{' {
			if text.Len() == 0 {
				textStart = i
			}
			text.WriteByte(c)
			i++
			continue
		}
		if i+1 < len(s) && s[i+1] == '{' {
			if text.Len() == 0 {
				textStart = i
			}
			text.WriteByte('{')
			i += 2
			continue
		}
		end := strings.IndexAny(s[i+1:], "{}")
		if end < 0 || s[i+1+end] == '{' {
			return nil, &TemplateError{Offset: i, Len: 1, Msg: "unclosed '{' in template: missing '}' (write {{ for a literal {)"}
		}
		raw := s[i : i+end+2]
		p, err := parsePlaceholder(raw, i)
		if err != nil {
			return nil, err
		}
		flush(i)
		parts = append(parts, p)
		i += len(raw)
	}
	flush(len(s))
	return parts, nil
}

// parsePlaceholder parses "{...}" found at offset off.
func parsePlaceholder(raw string, off int) (Part, error) {
	inner := raw[1 : len(raw)-1]
	bad := func(msg string) (Part, error) {
		return Part{}, &TemplateError{Offset: off, Len: len(raw), Msg: msg}
	}
	name, verb, hasVerb := strings.Cut(inner, ":")
	if name == "" {
		return bad("empty placeholder " + strconv.Quote(raw) + ": expected {Property}, {Property:%06d} or a built-in ({now:LAYOUT}, {invticks}, {seq}, {uuid}, {hash:Property:N})")
	}
	if !isIdent(name) {
		return bad("invalid placeholder " + strconv.Quote(raw) + ": the name must be a property name (letters, digits, _)")
	}
	p := Part{Offset: off, Len: len(raw), Verb: verb}
	b, ok := LookupBuiltin(name)
	if !ok {
		p.Name = name
		if hasVerb {
			if err := checkVerbSyntax(verb); err != nil {
				return bad(fmt.Sprintf("placeholder %s: %v", raw, err))
			}
		}
		return p, nil
	}
	p.Builtin = b
	switch b {
	case Now:
		if !hasVerb || verb == "" {
			return bad("{now} needs a Go time layout: {now:2006010215}")
		}
		if !layoutVaries(verb) {
			return bad(fmt.Sprintf("{now:%s}: the layout has no time fields (use Go's reference time: 2006 01 02 15 04 05)", verb))
		}
	case InvTicks, Seq:
		if hasVerb {
			if err := checkVerbSyntax(verb); err != nil {
				return bad(fmt.Sprintf("placeholder %s: %v", raw, err))
			}
			if v, _ := parseVerb(verb); !strings.ContainsRune("dvxXob", rune(v.verb)) {
				return bad(fmt.Sprintf("placeholder %s: %s is a number: use an integer verb such as %%019d", raw, b))
			}
		}
	case UUID:
		if hasVerb {
			return bad("{uuid} takes no argument")
		}
	case Hash:
		prop, n, ok := strings.Cut(verb, ":")
		if !ok || !isIdent(prop) {
			return bad("placeholder " + raw + ": expected {hash:Property:N}")
		}
		k, err := strconv.Atoi(n)
		if err != nil || k < 1 || k > 1_000_000_000 {
			return bad("placeholder " + raw + ": N must be a whole number of buckets from 1 to 1000000000")
		}
		p.Name, p.Verb, p.Buckets = prop, "", k
	}
	return p, nil
}

func isIdent(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !(c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || i > 0 && c >= '0' && c <= '9') {
			return false
		}
	}
	return true
}

func firstInvalidUTF8(s string) int {
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && n <= 1 {
			return i
		}
		i += n
	}
	return len(s)
}

// fmtVerb is a parsed Go fmt verb such as %06d.
type fmtVerb struct {
	flags string
	width int // -1 if absent
	prec  int // -1 if absent
	verb  byte
}

func (v fmtVerb) zeroPadded() bool { return strings.ContainsRune(v.flags, '0') && v.width > 0 }

func parseVerb(s string) (fmtVerb, bool) {
	v := fmtVerb{width: -1, prec: -1}
	if len(s) < 2 || s[0] != '%' {
		return v, false
	}
	i := 1
	for i < len(s) && strings.IndexByte("-+# 0", s[i]) >= 0 {
		i++
	}
	v.flags = s[1:i]
	num := func() int {
		j := i
		for i < len(s) && s[i] >= '0' && s[i] <= '9' && i-j < 4 {
			i++
		}
		if i == j {
			return -1
		}
		n, _ := strconv.Atoi(s[j:i])
		return n
	}
	v.width = num()
	if i < len(s) && s[i] == '.' {
		i++
		v.prec = num()
		if v.prec < 0 {
			v.prec = 0
		}
	}
	if i != len(s)-1 {
		return v, false
	}
	c := s[i]
	if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z') {
		return v, false
	}
	v.verb = c
	return v, true
}

func checkVerbSyntax(s string) error {
	if s == "" {
		return fmt.Errorf("empty verb after ':'")
	}
	if s[0] != '%' {
		return nil // a time layout, for DateTime properties; checked by type
	}
	if _, ok := parseVerb(s); !ok {
		if w, ok := longWidth(s); ok {
			return fmt.Errorf("%q: width %s is wider than any key can be (keys hold at most 1,024 characters)", s, w)
		}
		return fmt.Errorf("%q is not a single Go fmt verb such as %%s, %%06d or %%x", s)
	}
	return nil
}

// longWidth reports whether verb is a fmt verb but for a width or
// precision of more than the four digits parseVerb reads, and returns
// that number's text.
func longWidth(verb string) (string, bool) {
	body := strings.TrimLeft(verb[1:], "-+# 0")
	digits := len(body) - len(strings.TrimLeft(body, "0123456789"))
	if digits <= 4 {
		return "", false
	}
	rest := body[digits:]
	if strings.HasPrefix(rest, ".") {
		rest = strings.TrimLeft(rest[1:], "0123456789")
	}
	if len(rest) != 1 || !(rest[0] >= 'a' && rest[0] <= 'z' || rest[0] >= 'A' && rest[0] <= 'Z') {
		return "", false
	}
	return body[:digits], true
}

// CheckVerb checks that verb suits a value of type t and returns a
// message saying why not. An empty verb is the type's default form.
func CheckVerb(t edm.Type, verb string) error {
	if t == edm.DateTime {
		if verb == "" {
			return nil
		}
		if strings.HasPrefix(verb, "%") {
			return fmt.Errorf("a DateTime is formatted with a Go time layout (such as 20060102), not %s", verb)
		}
		if !layoutVaries(verb) {
			return fmt.Errorf("the time layout %q has no time fields", verb)
		}
		return nil
	}
	if verb == "" {
		if t == edm.Binary {
			return fmt.Errorf("a Binary value needs %%x to be written in a key")
		}
		return nil
	}
	v, ok := parseVerb(verb)
	if !ok {
		return fmt.Errorf("%q is not a Go fmt verb", verb)
	}
	var allowed, kind string
	switch t {
	case edm.String:
		allowed, kind = "svxX", "a string (%s)"
	case edm.Int32, edm.Int64:
		allowed, kind = "dvxXob", "an integer (%d, %06d, %x)"
	case edm.Double:
		allowed, kind = "fFeEgGv", "a floating-point number (%f, %g)"
	case edm.Boolean:
		allowed, kind = "tv", "a boolean (%t)"
	case edm.Guid:
		allowed, kind = "sv", "a string (%s)"
	case edm.Binary:
		allowed, kind = "xX", "bytes in hex (%x)"
	}
	if strings.IndexByte(allowed, v.verb) < 0 {
		return fmt.Errorf("%s does not format %s, which needs %s", verb, article(t), kind)
	}
	return nil
}

func article(t edm.Type) string {
	s := t.String()
	if strings.ContainsRune("AEIOU", rune(s[0])) {
		return "an " + s
	}
	return "a " + s
}

// sampleTimes are two instants that differ in every field and make names
// (September, Wednesday) as long as they get.
var sampleTimes = [2]time.Time{
	time.Date(2023, 9, 27, 23, 59, 59, 999999999, time.UTC),
	time.Date(2014, 1, 2, 3, 4, 5, 6000000, time.UTC),
}

func layoutVaries(layout string) bool {
	return sampleTimes[0].Format(layout) != sampleTimes[1].Format(layout)
}

// DefaultDateTimeLayout is how a DateTime placeholder without a layout is
// written: the service's own ISO 8601 form.
const DefaultDateTimeLayout = "2006-01-02T15:04:05.0000000Z"

// Width returns the most characters (UTF-16 code units) the part can
// produce, and whether that is bounded by the design (false when it rests
// on an unbounded String or Binary property, sized at the service limit).
func (p *Part) Width() (int, bool) {
	switch {
	case !p.IsPlaceholder():
		return edm.UTF16Len(p.Text), true
	case p.Builtin == Now:
		return timeWidth(p.Verb), true
	case p.Builtin == InvTicks || p.Builtin == Seq:
		v, ok := parseVerb(p.Verb)
		if !ok {
			return 19, true
		}
		return intWidth(edm.Int64, v), true
	case p.Builtin == UUID:
		return 36, true
	case p.Builtin == Hash:
		return len(strconv.Itoa(p.Buckets - 1)), true
	}
	if p.Prop == nil {
		return 0, false
	}
	return valueWidth(p.Prop, p.Verb, false)
}

// TypicalWidth returns the usual width of the part, when known.
func (p *Part) TypicalWidth() (int, bool) {
	if p.Prop != nil && p.Builtin == NotBuiltin {
		return valueWidth(p.Prop, p.Verb, true)
	}
	return p.Width()
}

func timeWidth(layout string) int {
	if layout == "" {
		layout = DefaultDateTimeLayout
	}
	return max(edm.UTF16Len(sampleTimes[0].Format(layout)), edm.UTF16Len(sampleTimes[1].Format(layout)))
}

func intWidth(t edm.Type, v fmtVerb) int {
	var w int
	switch v.verb {
	case 'x', 'X':
		w = 8
		if t == edm.Int64 {
			w = 16
		}
	case 'o':
		w = 11
		if t == edm.Int64 {
			w = 22
		}
	case 'b':
		w = 32
		if t == edm.Int64 {
			w = 64
		}
	default:
		w = 10
		if t == edm.Int64 {
			w = 19
		}
	}
	w++ // sign
	if strings.ContainsRune(v.flags, '#') {
		w += 2
	}
	return max(w, v.width)
}

// valueWidth returns the most (or typical) characters a property's value
// takes in a key when formatted with verb.
func valueWidth(p *Property, verb string, typical bool) (int, bool) {
	v, _ := parseVerb(verb)
	switch p.Type {
	case edm.String:
		n, ok := int(p.MaxLength), p.MaxLength > 0
		if typical {
			n, ok = int(p.TypicalLength), p.TypicalLength > 0
		}
		if !ok {
			n = limits.MaxStringChars
		}
		if v.prec >= 0 && v.verb == 's' {
			n, ok = min(n, v.prec), true
		}
		if v.verb == 'x' || v.verb == 'X' {
			n *= 6 // up to 3 UTF-8 bytes per UTF-16 code unit
		}
		return max(n, v.width), ok
	case edm.Binary:
		n, ok := int(p.MaxBytes), p.MaxBytes > 0
		if typical {
			n, ok = int(p.TypicalBytes), p.TypicalBytes > 0
		}
		if !ok {
			n = limits.MaxBinaryBytes
		}
		return max(2*n, v.width), ok
	case edm.Int32, edm.Int64:
		if v.verb == 0 {
			v.verb = 'd'
		}
		if typical && v.zeroPadded() {
			return v.width, true
		}
		return intWidth(p.Type, v), true
	case edm.Double:
		if v.verb == 'f' || v.verb == 'F' {
			return max(310+max(v.prec, 6)+1, v.width), true
		}
		return max(24, v.width), true
	case edm.Boolean:
		return max(5, v.width), true
	case edm.Guid:
		return max(36, v.width), true
	case edm.DateTime:
		return timeWidth(verb), true
	}
	return 0, false
}

// MaxWidth returns the most characters the template can produce and
// whether every part is bounded by the design.
func (t *Template) MaxWidth() (int, bool) {
	n, bounded := 0, true
	for i := range t.Parts {
		w, ok := t.Parts[i].Width()
		n += w
		bounded = bounded && ok
	}
	return n, bounded
}

// DeclaredWidth returns the most characters the template produces
// counting only the parts the design bounds (an unbounded String or Binary
// placeholder counts as empty).
func (t *Template) DeclaredWidth() int {
	n := 0
	for i := range t.Parts {
		if w, ok := t.Parts[i].Width(); ok {
			n += w
		}
	}
	return n
}

// TypicalWidth returns the usual number of characters the template
// produces, when the design says enough to know.
func (t *Template) TypicalWidth() (int, bool) {
	n := 0
	for i := range t.Parts {
		w, ok := t.Parts[i].TypicalWidth()
		if !ok {
			return 0, false
		}
		n += w
	}
	return n, true
}

// Constant reports whether the template has no placeholders.
func (t *Template) Constant() bool {
	for i := range t.Parts {
		if t.Parts[i].IsPlaceholder() {
			return false
		}
	}
	return true
}

// Leading returns the first placeholder, if only literal text precedes it.
func (t *Template) Leading() *Part {
	for i := range t.Parts {
		if t.Parts[i].IsPlaceholder() {
			return &t.Parts[i]
		}
	}
	return nil
}

// Equal reports whether two templates produce the same keys for the same
// property values: same text and same placeholders in the same order.
func (t *Template) Equal(u *Template) bool {
	if len(t.Parts) != len(u.Parts) {
		return false
	}
	for i := range t.Parts {
		a, b := &t.Parts[i], &u.Parts[i]
		if a.Text != b.Text || a.Builtin != b.Builtin || a.Name != b.Name || a.Verb != b.Verb || a.Buckets != b.Buckets {
			return false
		}
	}
	return true
}

// String prints the template in canonical form.
func (t *Template) String() string {
	var b strings.Builder
	for i := range t.Parts {
		b.WriteString(t.Parts[i].String())
	}
	return b.String()
}

// SampleText returns the text of a part as it looks at some instant: for
// {now:LAYOUT} the formatted sample times, joined; used to find key
// characters a layout produces.
func (p *Part) SampleText() string {
	switch {
	case !p.IsPlaceholder():
		return p.Text
	case p.Builtin == Now:
		return sampleTimes[0].Format(p.Verb) + sampleTimes[1].Format(p.Verb)
	case p.Builtin == NotBuiltin && p.Prop != nil && p.Prop.Type == edm.DateTime:
		l := p.Verb
		if l == "" {
			l = DefaultDateTimeLayout
		}
		return sampleTimes[0].Format(l)
	}
	return ""
}

// granularities are the time steps LayoutGranularity tries, finest first.
var granularities = []time.Duration{
	time.Nanosecond, time.Microsecond, time.Millisecond, time.Second, time.Minute,
	time.Hour, 24 * time.Hour, 31 * 24 * time.Hour, 366 * 24 * time.Hour,
}

// LayoutGranularity returns the shortest time step that changes a time
// formatted with layout: an hour for "2006010215", a day for "20060102".
// A layout without time fields has the granularity of a year.
func LayoutGranularity(layout string) time.Duration {
	base := time.Date(2014, 1, 2, 3, 4, 5, 0, time.UTC)
	s := base.Format(layout)
	for _, g := range granularities {
		if base.Add(g).Format(layout) != s {
			return g
		}
	}
	return granularities[len(granularities)-1]
}
