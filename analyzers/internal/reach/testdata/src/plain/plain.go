// Package plain reaches no SDK: no fact.
package plain

import "strings"

// Eq is the comparison prop eq 'v'.
func Eq(prop, v string) string { return strings.Join([]string{prop, " eq '", v, "'"}, "") }
