package odata

import (
	"fmt"
	"strconv"
	"strings"
)

// Query is a query string of the Query Entities operation, split into the
// options the Table service supports.
type Query struct {
	// Filter is the $filter text (URL-decoded when the query was
	// percent-encoded), and FilterOffset its byte offset in the input.
	Filter       string
	FilterOffset int
	// Select lists the $select properties, nil when absent.
	Select []string
	// Top is the $top value, 0 when absent.
	Top int
	// filterMap maps byte offsets in Filter to byte offsets in the input
	// when decoding changed them (nil: Filter is the input's text as is).
	filterMap []int
}

// InputOffset returns the byte offset in the input of byte offset off
// of Filter, through the percent-decoding: a decoded character points
// at its escape ("%20"). Offsets past the end of Filter map past the end
// of its text in the input.
func (q Query) InputOffset(off int) int {
	if q.filterMap == nil {
		return q.FilterOffset + off
	}
	off = min(max(off, 0), len(q.filterMap)-1)
	return q.filterMap[off]
}

// ParseQuery splits a query string such as
//
//	$filter=PartitionKey eq 'Sales'&$select=RowKey,Email&$top=10
//
// into its options. A leading '?' is ignored. Text without any "$option="
// is taken as a bare filter. Options the Table service does not support
// ($orderby, $skip, $expand, …) are an *Error with Rule TL306. Ampersands
// inside quoted literals do not split options. A value holding '%' is
// percent-decoded ('+' is then a space); a '%' not followed by two hex
// digits is an error, as is an option given twice. Error offsets are byte
// offsets in s, and Query.InputOffset maps offsets in the decoded filter
// back to s.
func ParseQuery(s string) (Query, error) {
	var q Query
	base := 0
	if strings.HasPrefix(s, "?") {
		base = 1
	}
	body := s[base:]
	if !strings.HasPrefix(strings.TrimSpace(body), "$") {
		q.Filter, q.FilterOffset = body, base
		return q, nil
	}
	seen := map[string]int{}
	start := 0
	for start <= len(body) {
		end := optionEnd(body, start)
		part := body[start:end]
		name, value, ok := strings.Cut(part, "=")
		lead := len(part) - len(strings.TrimLeft(part, " "))
		name = strings.TrimSpace(name)
		valueOff := base + start + len(name) + lead + 1
		if !ok {
			return q, &Error{Filter: s, Offset: base + start, Len: len(part), Msg: "expected $option=value"}
		}
		var offsets []int
		if strings.Contains(value, "%") {
			dec, m, err := percentDecode(value, valueOff, s)
			if err != nil {
				return q, err
			}
			value, offsets = dec, m
		}
		switch name {
		case "$filter", "$select", "$top":
			if first, dup := seen[name]; dup {
				return q, &Error{Filter: s, Offset: base + start + lead, Len: len(name),
					Msg: fmt.Sprintf("%s is given twice (first at column %d): the service would not say which one it uses", name, first+1)}
			}
			seen[name] = base + start + lead
		}
		switch name {
		case "$filter":
			q.Filter, q.FilterOffset, q.filterMap = value, valueOff, offsets
		case "$select":
			for _, p := range strings.Split(value, ",") {
				if p = strings.TrimSpace(p); p != "" {
					q.Select = append(q.Select, p)
				}
			}
		case "$top":
			n, err := strconv.Atoi(strings.TrimSpace(value))
			if err != nil || n <= 0 {
				return q, &Error{Filter: s, Offset: valueOff, Len: end - (valueOff - base), Msg: "$top must be a positive integer"}
			}
			q.Top = n
		case "$format", "timeout", "NextPartitionKey", "NextRowKey":
			// Accepted by the service; nothing to plan.
		default:
			return q, &Error{Filter: s, Offset: base + start + lead, Len: len(name), Rule: RuleUnsupported,
				Msg: "the Table service does not support the query option " + name + " (it supports $filter, $select and $top)"}
		}
		start = end + 1
	}
	return q, nil
}

// percentDecode decodes a query value that starts at byte offset off of
// input, as url.QueryUnescape does, and returns the map from each byte
// offset of the decoded text (and its end) to the input. A '%' not
// followed by two hexadecimal digits is an *Error at its place.
func percentDecode(v string, off int, input string) (string, []int, error) {
	var b strings.Builder
	b.Grow(len(v))
	m := make([]int, 0, len(v)+1)
	for i := 0; i < len(v); {
		switch c := v[i]; c {
		case '%':
			if i+2 >= len(v) || !isHex(v[i+1]) || !isHex(v[i+2]) {
				n := min(3, len(v)-i)
				return "", nil, &Error{Filter: input, Offset: off + i, Len: n,
					Msg: fmt.Sprintf("invalid percent-encoding %q: %% must be followed by two hexadecimal digits (write %%25 for a literal %%)", v[i:i+n])}
			}
			b.WriteByte(unhex(v[i+1])<<4 | unhex(v[i+2]))
			m = append(m, off+i)
			i += 3
		case '+':
			b.WriteByte(' ')
			m = append(m, off+i)
			i++
		default:
			b.WriteByte(c)
			m = append(m, off+i)
			i++
		}
	}
	m = append(m, off+len(v))
	return b.String(), m, nil
}

func isHex(c byte) bool {
	return '0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F'
}

func unhex(c byte) byte {
	switch {
	case '0' <= c && c <= '9':
		return c - '0'
	case 'a' <= c && c <= 'f':
		return c - 'a' + 10
	}
	return c - 'A' + 10
}

// optionEnd returns the index of the '&' ending the option that starts at
// start (or len(s)), skipping quoted literals.
func optionEnd(s string, start int) int {
	inQuote := false
	for i := start; i < len(s); i++ {
		switch s[i] {
		case '\'':
			inQuote = !inQuote
		case '&':
			if !inQuote {
				return i
			}
		}
	}
	return len(s)
}
