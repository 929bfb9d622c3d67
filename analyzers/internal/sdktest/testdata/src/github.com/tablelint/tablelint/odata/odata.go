// Package odata is a test stub of tablelint's filter builder.
package odata

import "strings"

// Quote returns s as an OData string literal.
func Quote(s string) string { return "'" + strings.ReplaceAll(s, "'", "''") + "'" }
