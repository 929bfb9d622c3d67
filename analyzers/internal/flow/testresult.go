package flow

import (
	"go/types"
	"strings"
)

// namedTest reports whether a call of a function named name with
// signature sig tests its argument by its name: the name holds a word of
// a test (valid, check, verify, ensure, match) or of cleaning (sanitize,
// escape) and the function returns what a test returns — nothing (it
// panics or logs), a bool or an error, the value checked alongside one
// of them. A cleaner that returns only text (html.EscapeString,
// sanitize(s) string) gives a cleaned copy and leaves its argument as it
// was: the copy is followed where it is used (namedEscaper, summaries),
// the argument stays unchecked. A function so named that returns
// anything else is judged by what it does (testsParam), never by its
// name: rowsMatching(filter) returning rows runs a query, matchKeys(pk,
// rk) returning one string formats a filter; neither tests what it is
// given.
func namedTest(name string, sig *types.Signature) bool {
	n := strings.ToLower(name)
	has := func(words ...string) bool {
		for _, w := range words {
			if strings.Contains(n, w) {
				return true
			}
		}
		return false
	}
	tests, others := 0, 0
	res := sig.Results()
	for i := 0; i < res.Len(); i++ {
		t := res.At(i).Type()
		b, _ := t.Underlying().(*types.Basic)
		switch {
		case types.Identical(t, types.Universe.Lookup("error").Type()),
			b != nil && b.Info()&types.IsBoolean != 0:
			tests++
		case b != nil && b.Info()&types.IsString != 0:
			// the value alongside a test's result
		default:
			others++
		}
	}
	if others > 0 {
		return false
	}
	return has("valid", "check", "verify", "ensure", "match", "sanitiz", "sanitis", "escape") && (tests > 0 || res.Len() == 0)
}

// namedCleaner reports whether a function of the package is named for
// cleaning text (escape…, sanitize…; not unescape…): what it returns of
// its parameters is taken at its word (cleanedParams), as namedEscaper
// takes another package's. Its argument, read elsewhere, stays as it was.
func namedCleaner(name string) bool {
	n := strings.ToLower(name)
	return (strings.Contains(n, "escape") || strings.Contains(n, "sanitiz") || strings.Contains(n, "sanitis")) && !strings.Contains(n, "unescape")
}

// cleanedParams marks Validated the parameters a cleaner's result passes
// on (escapeKey returning k as it is when it holds no quote): the caller's
// value bound there is cleaned as far as the cleaner is concerned.
func cleanedParams(v Value) Value {
	return mapHoles(v, func(h Hole) Hole {
		if h.Source == Param && !h.Elem {
			h.Bound |= Validated
		}
		return h
	})
}
