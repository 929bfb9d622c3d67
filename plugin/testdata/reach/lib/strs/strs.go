// Package strs is a package of a versioned module that cannot reach the
// table SDK: every driver skips it, so what Eq returns is unknown to the
// analyzers of its callers, which stay silent on it.
package strs

import "strings"

// Eq is the comparison prop eq 'v', v quoted as it is.
func Eq(prop, v string) string {
	return strings.Join([]string{prop, " eq '", v, "'"}, "")
}
