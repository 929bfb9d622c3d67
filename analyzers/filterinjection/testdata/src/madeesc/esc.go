// Package madeesc: helpers of a package that never reaches the table
// SDK (so it is not summarised): their names are taken at their word.
package madeesc

import "strings"

// EscapeLiteral writes a value for a quoted literal.
func EscapeLiteral(s string) string {
	return strings.Join(strings.Split(s, "'"), "''")
}
