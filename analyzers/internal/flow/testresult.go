package flow

import (
	"go/types"
	"strings"
)

// namedTest reports whether a call of a function named name with
// signature sig tests (or cleans) its argument by its name: the name
// holds a word of a test (valid, check, verify, ensure, match) and the
// function returns what a test returns — nothing (it panics or logs), a
// bool or an error, the value checked alongside one of them — or the
// name holds a word of cleaning (sanitize, escape) and it returns text.
// A function so named that returns anything else is judged by what it
// does (testsParam), never by its name: rowsMatching(filter) returning
// rows runs a query, matchKeys(pk, rk) returning one string formats a
// filter; neither tests what it is given.
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
	texts, tests, others := 0, 0, 0
	res := sig.Results()
	for i := 0; i < res.Len(); i++ {
		t := res.At(i).Type()
		b, _ := t.Underlying().(*types.Basic)
		switch {
		case types.Identical(t, types.Universe.Lookup("error").Type()),
			b != nil && b.Info()&types.IsBoolean != 0:
			tests++
		case b != nil && b.Info()&types.IsString != 0:
			texts++
		default:
			others++
		}
	}
	if others > 0 {
		return false
	}
	if has("sanitiz", "sanitis", "escape") && (texts > 0 || tests > 0 || res.Len() == 0) {
		return true
	}
	return has("valid", "check", "verify", "ensure", "match") && (tests > 0 || res.Len() == 0)
}
