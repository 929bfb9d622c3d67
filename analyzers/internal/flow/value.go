package flow

import (
	"fmt"
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/ssa"
)

// Bounds of the engine. Every walk is bounded by them; what is cut off
// becomes an opaque hole (never constant text), so a bound can only make
// a rule quieter, never make it report text the code does not build.
const (
	// MaxDepth bounds how deep one question follows values through
	// instructions, helpers and closures.
	MaxDepth = 16
	// MaxVariants bounds a value's variant set. A φ-node (a variable
	// assigned in branches, a slice appended to in branches) unions the
	// variants of its edges; past MaxVariants the extra variants are
	// dropped (a variant with holes first takes the place of one of
	// constant text only) and the value is marked Approx. Rules treat an Approx value
	// as "at least these variants": they may report what the kept variants
	// show, never conclude that a value is absent.
	MaxVariants = 16
	// MaxParts bounds the parts of one variant (long concatenations,
	// many Sprintf verbs, joins of many clauses): the rest is one hole.
	MaxParts = 64
	// MaxSummaryRounds bounds the fixpoint over a package's functions
	// (helpers calling helpers in any order).
	MaxSummaryRounds = 4
	// MaxCallerDepth bounds how many calls up Given follows a parameter
	// that callers pass on from their own parameters (and how many
	// helpers deep it follows a struct a helper returns).
	MaxCallerDepth = 3
)

// Source says where a run-time value comes from.
type Source uint8

// Sources.
const (
	// Unknown: a value the engine cannot trace (a global, an interface
	// call it cannot resolve, a result of a function it has no summary of).
	Unknown Source = iota
	// Request: input of an HTTP request — URL, path, query, form,
	// PostForm, headers, cookies, body, and values JSON-decoded from it.
	Request
	// CommandLine: os.Args and the flag package.
	CommandLine
	// Env: os.Getenv, os.LookupEnv.
	Env
	// Param: a parameter of the function being summarised (Hole.Param).
	// In a finished value it means: a parameter of an exported function
	// whose callers are not visible (Hole.Exported).
	Param
	// Entity: a value read from a table (GetEntity, a list page), with
	// its ETag (Hole.What names the field).
	Entity
	// Now: the current time (time.Now and values computed from it).
	Now
	// Body: the contents of a file or a stream read whole (os.ReadFile,
	// io.ReadAll of something other than a request), or a document
	// marshalled from a slice or a map (json.Marshal): unbounded.
	Body
)

var sourceNames = [...]string{"?", "request", "args", "env", "param", "entity", "now", "read"}

func (s Source) String() string {
	if int(s) < len(sourceNames) {
		return sourceNames[s]
	}
	return "?"
}

// Bound says what is known about the characters or length of a
// run-time value. Bounds are flags; a value may have several.
type Bound uint16

// Bounds.
const (
	// Digits: a formatted integer (%d with any width, strconv.Itoa,
	// FormatInt base 10): digits and a sign only.
	Digits Bound = 1 << iota
	// Hex: hexadecimal digits (%x, hex.EncodeToString).
	Hex
	// Number: a formatted float or bool (%f, %g, %t): no quotes, no
	// slashes, no control characters.
	Number
	// UUID: a UUID's text (hex digits and dashes).
	UUID
	// Escaped: quotes doubled for OData (odata.Quote,
	// strings.ReplaceAll(s, "'", "''")).
	Escaped
	// URLEscaped: url.PathEscape / QueryEscape: no / ? # or controls.
	URLEscaped
	// Validated: the value (or what it was derived from) was checked by
	// a regular expression, a parser (uuid.Parse, strconv.Atoi), a
	// character test (strings.ContainsAny…) or a function named
	// valid…/sanitize…/check… that returns what a test returns (a bool,
	// an error; checks.go).
	Validated
	// LengthChecked: len() of the value (or what it was derived from)
	// is compared, or it was truncated (s[:n]) or read through a
	// limiting reader.
	LengthChecked
	// Time: a time.Time formatted with a constant layout (Hole.Layout).
	Time
	// Replaced: characters were replaced (strings.ReplaceAll(s, "/", "_")):
	// the code sanitises the value for some use.
	Replaced
	// AboveQuote: every character is above the single quote (U+0027):
	// what a character-allowlist encoder that keeps letters, digits and
	// `. _ -` and spells every other character so writes (escaper.go).
	// On an integer: the character it stands for is (a byte of such a
	// text, raised by a constant below 40: a prefix's successor,
	// s[:n-1] + string(s[n-1]+1)); string() of it holds no quote.
	AboveQuote
	// Doubled: with Escaped, the quotes were doubled (strings.ReplaceAll
	// of "'" by "''", odata.Quote, a Replacer with that pair): the text
	// holds quotes in pairs, which a cut can split.
	Doubled
	// PairCut: the value was sliced (s[:n], s[i:]) after its quotes
	// were last doubled, or, on a Param hole of a summary, the helper
	// slices its parameter: a doubled quote may have lost its second
	// half, so the value no longer counts as Escaped (a caller's
	// doubled argument loses Escaped when bound).
	PairCut
	// Halved: Escaped and Doubled until a PairCut; strings.TrimRight
	// (Trim) of the quote drops a half pair the cut left at the end and
	// makes it Escaped again.
	Halved
)

// Safe reports whether b keeps a value's characters to ones that can
// neither break out of a quoted OData literal nor form an invalid key.
func (b Bound) Safe() bool {
	return b&(Digits|Hex|Number|UUID|Validated) != 0
}

// charsAbove reports whether every character of the text v can be is
// above the single quote: constant text above it, holes formatted as
// digits, hex, UUIDs or numbers, or AboveQuote.
func charsAbove(v Value) bool {
	if len(v.Variants) == 0 || v.Approx {
		return false
	}
	for _, vr := range v.Variants {
		for _, p := range vr.Parts {
			if p.Hole == nil {
				for _, r := range p.Text {
					if r <= '\'' {
						return false
					}
				}
			} else if p.Hole.Bound&(AboveQuote|Digits|Hex|UUID|Number) == 0 {
				return false
			}
		}
	}
	return true
}

// charAbove reports whether the integer v is a character above the
// single quote (every part a hole with AboveQuote).
func charAbove(v Value) bool {
	if len(v.Variants) == 0 || v.Approx {
		return false
	}
	for _, vr := range v.Variants {
		if len(vr.Parts) == 0 {
			return false
		}
		for _, p := range vr.Parts {
			if p.Hole == nil || p.Hole.Bound&AboveQuote == 0 {
				return false
			}
		}
	}
	return true
}

// Part is constant Text, or a Hole when Hole is non-nil.
type Part struct {
	Text string
	Hole *Hole
}

// Hole is a piece of a value known only at run time.
type Hole struct {
	Source Source
	Bound  Bound
	// What names the origin briefly, for messages: "r.URL.Path",
	// "r.FormValue", "os.Args", "time.Now", "CreatedAt".
	What string
	// Verb is the fmt verb that formatted it ("%d", "%019d"), if any.
	Verb string
	// Layout is the constant layout of a time.Time.Format.
	Layout string
	// Param is the parameter index (receiver first for methods) when
	// Source is Param; Field the field of it read, if any.
	Param int
	Field string
	// Max is the most bytes the code lets the value hold: the bound of
	// a limiting reader, of a truncation to a constant, of a len guard
	// (size.go); Unlimited when the code makes it grow without one; 0
	// when nothing is known beyond Bound.
	Max int64
	// Min is the fewest bytes the value holds, when the code says (a
	// constant text repeated a constant number of times, a []byte made
	// with a constant length): 0 when nothing is known. Size.Least.
	Min int64
	// Exported marks a Param hole of an exported function.
	Exported bool
	// Marshalled marks a Param hole (Field "" or a field) that stands
	// for the JSON document json.Marshal makes of a struct (or type
	// parameter) parameter: a caller binds it to the document of what it
	// passes (marshal.go), not to the struct's own value.
	Marshalled bool
	// Joined marks a Param hole that stands for the elements of the
	// slice parameter Param joined by Sep (joins.go).
	Joined bool
	Sep    string
	// Each, on a Joined hole, is the text the function makes of one
	// element of the slice (mapped.go): a template whose Elem holes stand
	// for the element (or a Field of it), with its literal text, quotes
	// and other holes as the function writes them. nil: each element as
	// it is.
	Each *Value
	// Elem marks a hole of an Each template that stands for the element
	// mapped (Field: the field of it read); its Param is -1.
	Elem bool
	// At is where the value entered a quoted literal of the text: the
	// position of the + (or of the op-assignment) whose result puts it
	// inside quotes, or of the fmt.Sprintf call whose format does;
	// AtArg says which operand: 0 the left of +, 1 the right; for a
	// call, the index of the argument as written. 0 when it never
	// entered one in this package (summaries imported from another
	// package carry no positions). See quoted.go.
	At    token.Pos
	AtArg int
	// Use is where the value was first put into the text, quoted or
	// not: the position of the + (or op-assignment) or of the
	// fmt.Sprintf call that first combined it with other text; UseArg
	// says which operand, as for At. A hole that fills a helper's
	// parameter takes the helper's Use. 0 when the value was never
	// combined in this package. See holes.go.
	Use    token.Pos
	UseArg int
	// Func is the function that formatted the value into text, as
	// package.Name: "fmt.Sprintf", "fmt.Sprint", "strconv.Itoa",
	// "strconv.FormatInt"…; "" when the text was not formatted (a string
	// used as it is). Fmt is the position of that call's opening
	// parenthesis and FmtArg the index, as written, of the argument
	// formatted; 0 when not formatted in this package. See holes.go.
	Func   string
	Fmt    token.Pos
	FmtArg int
	// src is the SSA value whose text (formatted or bounded) fills the
	// hole; nil in summaries imported from another package. See
	// holes.go.
	src ssa.Value
	// typ is the type of the field a hole of a struct's source stands
	// for (fieldHole), when src may be the struct itself (a field read
	// of a struct a caller passes); nil otherwise.
	typ types.Type
	// owner is the function whose parameter Param is: the function asked
	// about, or the function enclosing it whose parameter a closure
	// captures. nil in summaries imported from another package (callers
	// bind those holes to their arguments).
	owner *ssa.Function
}

// Owner returns the function whose parameter a Param hole is (for a
// value read inside a function literal, the enclosing function whose
// parameter the literal captures); nil when not known.
func (h *Hole) Owner() *ssa.Function { return h.owner }

// Variant is one way a value can be built: a sequence of parts.
type Variant struct {
	Parts []Part
	// Ret is the position of the return statement of the helper that
	// built this variant's text (0 when built in the asking function);
	// rules report text problems there, where they can be fixed.
	Ret int
	// Case, when set, says the variant is built only when a value's
	// dynamic type is one of a type switch's case types (typecases.go).
	Case *TypeCase
}

// Value is the bounded set of variants a value can take.
type Value struct {
	Variants []Variant
	// Approx reports that variants were dropped (MaxVariants) or that
	// an edge could not be followed.
	Approx bool
}

func textValue(s string) Value { return Value{Variants: []Variant{{Parts: textParts(s)}}} }

func textParts(s string) []Part {
	if s == "" {
		return nil
	}
	return []Part{{Text: s}}
}

func holeValue(h Hole) Value { return Value{Variants: []Variant{{Parts: []Part{{Hole: &h}}}}} }

// Holes returns every hole of every variant.
func (v Value) Holes() []*Hole {
	var out []*Hole
	for _, vr := range v.Variants {
		for _, p := range vr.Parts {
			if p.Hole != nil {
				out = append(out, p.Hole)
			}
		}
	}
	return out
}

// IsConst reports whether v has one variant without holes.
func (v Value) IsConst() bool {
	if len(v.Variants) != 1 || v.Approx {
		return false
	}
	for _, p := range v.Variants[0].Parts {
		if p.Hole != nil {
			return false
		}
	}
	return true
}

// Text returns the variant's text with each hole written as {?}; for
// messages.
func (vr Variant) Text() string {
	var b strings.Builder
	for _, p := range vr.Parts {
		if p.Hole != nil {
			b.WriteString("{?}")
		} else {
			b.WriteString(p.Text)
		}
	}
	return b.String()
}

// String writes v for tests and debugging: variants separated by " | ",
// holes as {source:what/bounds}.
func (v Value) String() string {
	var b strings.Builder
	for i, vr := range v.Variants {
		if i > 0 {
			b.WriteString(" | ")
		}
		for _, p := range vr.Parts {
			if p.Hole == nil {
				b.WriteString(p.Text)
				continue
			}
			b.WriteString(p.Hole.String())
		}
	}
	if v.Approx {
		b.WriteString(" …")
	}
	return b.String()
}

var boundNames = []string{"digits", "hex", "number", "uuid", "escaped", "urlescaped", "validated", "lencheck", "time", "replaced"}

func (h *Hole) String() string {
	var b strings.Builder
	b.WriteString("{")
	b.WriteString(h.Source.String())
	if h.Elem {
		b.WriteString("elem")
		if h.Field != "" {
			b.WriteString("." + h.Field)
		}
	} else if h.Source == Param {
		fmt.Fprintf(&b, "%d", h.Param)
		if h.Field != "" {
			b.WriteString("." + h.Field)
		}
		if h.Joined {
			fmt.Fprintf(&b, "[%q]", h.Sep)
			if h.Each != nil {
				b.WriteString("<" + h.Each.String() + ">")
			}
		}
	}
	if h.What != "" {
		b.WriteString(":" + h.What)
	}
	for i, n := range boundNames {
		if h.Bound&(1<<i) != 0 {
			b.WriteString("/" + n)
		}
	}
	if h.Layout != "" {
		b.WriteString("/" + h.Layout)
	}
	b.WriteString("}")
	return b.String()
}

// union appends the variants of vs to a value, bounded by MaxVariants,
// dropping duplicates.
// sizeKey tells apart variants that print alike but whose holes differ
// in size (strings.Repeat by a constant and by a parameter): union keeps
// both, so that SizeOf sees the larger and the smaller.
func sizeKey(vr Variant) string {
	var b strings.Builder
	for _, p := range vr.Parts {
		if p.Hole != nil && (p.Hole.Max != 0 || p.Hole.Min != 0) {
			fmt.Fprintf(&b, "|%d,%d", p.Hole.Max, p.Hole.Min)
		}
	}
	return b.String()
}

func union(vs ...Value) Value {
	var out Value
	seen := map[string]int{}
	for _, v := range vs {
		out.Approx = out.Approx || v.Approx
		for _, vr := range v.Variants {
			k := Value{Variants: []Variant{vr}}.String() + sizeKey(vr)
			if i, ok := seen[k]; ok {
				if !sameCase(out.Variants[i].Case, vr.Case) {
					// The same text under different type cases: built
					// whichever case is taken.
					out.Variants[i].Case = nil
				}
				continue
			}
			if len(out.Variants) >= MaxVariants {
				out.Approx = true
				// Past the bound, a variant with run-time parts takes
				// the place of one of constant text only: the sources
				// rules report (a request value on a switch's last
				// case) are kept, and what is dropped is text, which
				// only makes rules quieter.
				if j := lastTextOnly(out.Variants); j >= 0 && hasHole(vr) {
					delete(seen, Value{Variants: []Variant{out.Variants[j]}}.String())
					seen[k] = j
					out.Variants[j] = vr
				}
				continue
			}
			seen[k] = len(out.Variants)
			out.Variants = append(out.Variants, vr)
		}
	}
	return out
}

// lastTextOnly is the index of the last variant with no hole, or -1.
func lastTextOnly(vs []Variant) int {
	for i := len(vs) - 1; i >= 0; i-- {
		if !hasHole(vs[i]) {
			return i
		}
	}
	return -1
}

func hasHole(vr Variant) bool {
	for _, p := range vr.Parts {
		if p.Hole != nil {
			return true
		}
	}
	return false
}

// concat is the cross product of the variants of a and b, each pair
// concatenated, bounded by MaxVariants and MaxParts.
func concat(a, b Value) Value {
	if len(a.Variants) == 0 {
		return b
	}
	if len(b.Variants) == 0 {
		return a
	}
	out := Value{Approx: a.Approx || b.Approx}
	for _, x := range a.Variants {
		for _, y := range b.Variants {
			if len(out.Variants) >= MaxVariants {
				out.Approx = true
				return out
			}
			ret := x.Ret
			if ret == 0 {
				ret = y.Ret
			}
			c, ok := bothCases(x.Case, y.Case)
			if !ok {
				continue // two cases of one switch: never both
			}
			out.Variants = append(out.Variants, Variant{Parts: joinParts(x.Parts, y.Parts), Ret: ret, Case: c})
		}
	}
	return out
}

func joinParts(a, b []Part) []Part {
	out := make([]Part, 0, len(a)+len(b))
	out = append(out, a...)
	for _, p := range b {
		if n := len(out); n > 0 && p.Hole == nil && out[n-1].Hole == nil {
			out[n-1].Text += p.Text
			continue
		}
		out = append(out, p)
	}
	if len(out) > MaxParts {
		out = append(out[:MaxParts-1], Part{Hole: &Hole{What: "…"}})
	}
	return out
}

// mapHoles returns v with every hole replaced by f(hole).
func mapHoles(v Value, f func(Hole) Hole) Value {
	out := Value{Approx: v.Approx}
	for _, vr := range v.Variants {
		parts := make([]Part, len(vr.Parts))
		for i, p := range vr.Parts {
			if p.Hole != nil {
				h := f(*p.Hole)
				p.Hole = &h
			}
			parts[i] = p
		}
		out.Variants = append(out.Variants, Variant{Parts: parts, Ret: vr.Ret, Case: vr.Case})
	}
	return out
}

// WithBound returns v with b added to every hole: for rules that apply
// a callee's bound (a KeyParams fact) to a caller's argument.
func WithBound(v Value, b Bound) Value { return withBound(v, b) }

// withBound adds b to every hole of v.
func withBound(v Value, b Bound) Value {
	return mapHoles(v, func(h Hole) Hole {
		if b&Escaped != 0 {
			h.Bound &^= Doubled | PairCut | Halved // escaped again: pairs whole
		}
		h.Bound |= b
		return h
	})
}

// pairsCut is v sliced: a hole whose quotes were doubled may now end
// (or start) with half a pair, so it is Escaped no more (PairCut,
// Halved); one escaped otherwise (base64, an allowlist encoder, URL
// escapes: no quote at all) keeps its bounds. A parameter's hole is marked PairCut, for the
// callers that bind it (see bindElem).
func pairsCut(v Value) Value {
	return mapHoles(v, func(h Hole) Hole {
		switch {
		case h.Bound&(Escaped|Doubled) == Escaped|Doubled && h.Bound&(AboveQuote|URLEscaped) == 0 && !h.Bound.Safe():
			h.Bound = h.Bound&^(Escaped|Doubled) | PairCut | Halved
		case h.Source == Param:
			h.Bound |= PairCut
		}
		return h
	})
}

// pairsTrimmed is v with its trailing quotes trimmed
// (strings.TrimRight(s, "'")): a half pair a cut left at its end is
// gone, so a hole Escaped before the cut is Escaped again.
func pairsTrimmed(v Value) Value {
	return mapHoles(v, func(h Hole) Hole {
		if h.Bound&Halved != 0 {
			h.Bound |= Escaped | Doubled
		}
		h.Bound &^= PairCut | Halved
		return h
	})
}

// mapText returns v with f applied to each constant text part.
func mapText(v Value, f func(string) string) Value {
	out := Value{Approx: v.Approx}
	for _, vr := range v.Variants {
		var parts []Part
		for _, p := range vr.Parts {
			if p.Hole == nil {
				p.Text = f(p.Text)
				if p.Text == "" {
					continue
				}
			}
			parts = append(parts, p)
		}
		out.Variants = append(out.Variants, Variant{Parts: parts, Ret: vr.Ret, Case: vr.Case})
	}
	return out
}

// opaque is one hole standing for the whole of v's run-time value,
// keeping the source and bounds its holes agree on (a value built from
// request input stays request input).
func opaque(v Value, bound Bound) Value {
	h := Hole{Bound: bound, Max: sizeOfWhole(v)}
	for i, hole := range v.Holes() {
		if i == 0 || hole.Source == Request {
			h.Source, h.What, h.Param, h.Field, h.Exported, h.owner = hole.Source, hole.What, hole.Param, hole.Field, hole.Exported, hole.owner
			h.Marshalled = hole.Marshalled
		}
	}
	if hs := v.Holes(); len(hs) == 1 {
		// One value formatted or bounded whole (strconv.Itoa(n),
		// t.Format(l)): the hole stands for it.
		h.src, h.Use, h.UseArg = hs[0].src, hs[0].Use, hs[0].UseArg
	}
	return holeValue(h)
}
