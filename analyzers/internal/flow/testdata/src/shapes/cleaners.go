package shapes

import (
	"regexp"
	"strings"
)

// Cleaners made from the standard library and held in package
// variables: what they are made of decides, not their names.

var (
	doubleTicks = strings.NewReplacer("'", "''", "\n", " ")
	dropTicks   = strings.NewReplacer("'", "")
	slashTicks  = strings.NewReplacer("'", `\'`)
	onlyWords   = regexp.MustCompile(`[^A-Za-z0-9_]+`)
	maybeWords  = regexp.MustCompile(`[^A-Za-z0-9_']*`)
	dashes      = regexp.MustCompile(`-+`)
)

// Cleaners: a replacer that doubles or drops quotes escapes, as does a
// pattern that matches every quote; a replacer that writes a backslash,
// a pattern that may match nothing or leaves quotes do not.
func Cleaners(name string) {
	sink("k eq '" + doubleTicks.Replace(name) + "'")   // want `^k eq '\{param0:name/escaped\}'$`
	sink(dropTicks.Replace(name))                      // want `^\{param0:name/escaped\}$`
	sink(strings.NewReplacer("'", "''").Replace(name)) // want `^\{param0:name/escaped\}$`
	sink(onlyWords.ReplaceAllString(name, "_"))        // want `^\{param0:name/escaped\}$`
	sink(slashTicks.Replace(name))                     // want `^\{param0:name/replaced\}$`
	sink(maybeWords.ReplaceAllString(name, ""))        // want `^(?:[^/]|/[^e])*$`
	sink(dashes.ReplaceAllString(name, "-"))           // want `^(?:[^/]|/[^e])*$`
	sink(onlyWords.ReplaceAllString(name, "$1"))       // want `^(?:[^/]|/[^e])*$`
}

// A replacer variable assigned again somewhere is not known.
var moved = strings.NewReplacer("'", "''")

func Move() { moved = strings.NewReplacer("a", "b") }

func Moved(name string) {
	sink(moved.Replace(name)) // want `^(?:[^/]|/[^e])*$`
}

// Package variables the package only sets to constants are those
// constants; one whose address is passed on is not known.
var (
	table    = "orders"
	mode     string
	pointed  = "x"
	computed = strings.Repeat("a", 2)
)

func SetMode(fast bool) {
	if fast {
		mode = "fast"
	}
	setPtr(&pointed)
}

func setPtr(p *string) {}

func Globals() {
	sink(table)    // want `^orders$`
	sink(mode)     // want `^fast$`
	sink(pointed)  // want `^\{\?\}$`
	sink(computed) // want `^\{[^}]*\}$`
}

// An escaper that extends a string: every quote written twice.
func doubledText(v string) string {
	out := ""
	for _, c := range v {
		if c == '\'' {
			out += "''"
		} else {
			out += string(c)
		}
	}
	return out
}

// Not one: the quote written once.
func onceText(v string) string {
	var out string
	for _, c := range v {
		if c == '\'' {
			out += "'"
			continue
		}
		out += string(c)
	}
	return out
}

func TextEscapers(name string) {
	sink(doubledText(name)) // want `^\{param0:name/escaped\}$`
	sink(onceText(name))    // want `^(?:[^/]|/[^e])*$`
}

// An escaper whose test of the quote ends the iteration's body: the
// character copied first, then once more when it is a quote.
func copiedTwice(v string) string {
	out := make([]rune, 0, len(v))
	for _, c := range v {
		out = append(out, c)
		if c == '\'' {
			out = append(out, c)
		}
	}
	return string(out)
}

// Not one: a backslash written after the quote.
func copiedSlashed(v string) string {
	out := make([]rune, 0, len(v))
	for _, c := range v {
		out = append(out, c)
		if c == '\'' {
			out = append(out, '\\')
		}
	}
	return string(out)
}

func TailEscapers(name string) {
	sink(copiedTwice(name))   // want `^\{param0:name/escaped\}$`
	sink(copiedSlashed(name)) // want `^(?:[^/]|/[^e])*$`
}
