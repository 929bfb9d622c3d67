package odata

import (
	"fmt"
	"strings"
	"unicode/utf8"
)

// RuleUnsupported is the rule ID reported for dialect features the Table
// service does not support (functions, arithmetic, other query options).
const RuleUnsupported = "TL306"

// Error is a filter that cannot be parsed, with the spot where it goes
// wrong. Rule is RuleUnsupported when the filter is valid OData that the
// Table service does not support, and empty for a plain syntax error.
type Error struct {
	Filter string // the filter text
	Offset int    // byte offset of the bad spot
	Len    int    // length in bytes of the bad token (at least 1 when rendered)
	Msg    string // what is wrong, without the position
	Rule   string // RuleUnsupported, or ""
}

// Column returns the 1-based column of the bad spot, counted in characters.
func (e *Error) Column() int {
	off := min(max(e.Offset, 0), len(e.Filter))
	return utf8.RuneCountInString(e.Filter[:off]) + 1
}

// Error returns "MSG at column N".
func (e *Error) Error() string {
	return fmt.Sprintf("%s at column %d", e.Msg, e.Column())
}

// Caret renders the filter with a caret line under the bad spot:
//
//	PartitionKey eq 'Sales' and and RowKey eq '1'
//	                            ^^^
//
// Control characters in the filter are shown as spaces so that the caret
// lines up.
func (e *Error) Caret() string {
	line := strings.Map(func(r rune) rune {
		if r < 0x20 || r == 0x7f {
			return ' '
		}
		return r
	}, e.Filter)
	col := e.Column() - 1
	n := 1
	if e.Len > 1 && e.Offset+e.Len <= len(e.Filter) {
		n = utf8.RuneCountInString(e.Filter[e.Offset : e.Offset+e.Len])
	}
	return line + "\n" + strings.Repeat(" ", col) + strings.Repeat("^", n)
}
