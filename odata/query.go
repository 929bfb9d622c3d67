package odata

import (
	"net/url"
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
}

// ParseQuery splits a query string such as
//
//	$filter=PartitionKey eq 'Sales'&$select=RowKey,Email&$top=10
//
// into its options. A leading '?' is ignored. Text without any "$option="
// is taken as a bare filter. Options the Table service does not support
// ($orderby, $skip, $expand, …) are an *Error with Rule TL306. Ampersands
// inside quoted literals do not split options.
func ParseQuery(s string) (Query, error) {
	var q Query
	s = strings.TrimPrefix(s, "?")
	if !strings.HasPrefix(strings.TrimSpace(s), "$") {
		q.Filter = s
		return q, nil
	}
	start := 0
	for start <= len(s) {
		end := optionEnd(s, start)
		part := s[start:end]
		name, value, ok := strings.Cut(part, "=")
		lead := len(part) - len(strings.TrimLeft(part, " "))
		name = strings.TrimSpace(name)
		valueOff := start + len(name) + lead + 1
		if !ok {
			return q, &Error{Filter: s, Offset: start, Len: len(part), Msg: "expected $option=value"}
		}
		if strings.Contains(value, "%") {
			if dec, err := url.QueryUnescape(value); err == nil {
				value = dec
			}
		}
		switch name {
		case "$filter":
			q.Filter, q.FilterOffset = value, valueOff
		case "$select":
			for _, p := range strings.Split(value, ",") {
				if p = strings.TrimSpace(p); p != "" {
					q.Select = append(q.Select, p)
				}
			}
		case "$top":
			n, err := strconv.Atoi(strings.TrimSpace(value))
			if err != nil || n <= 0 {
				return q, &Error{Filter: s, Offset: valueOff, Len: len(value), Msg: "$top must be a positive integer"}
			}
			q.Top = n
		case "$format", "timeout", "NextPartitionKey", "NextRowKey":
			// Accepted by the service; nothing to plan.
		default:
			return q, &Error{Filter: s, Offset: start, Len: len(name), Rule: RuleUnsupported,
				Msg: "the Table service does not support the query option " + name + " (it supports $filter, $select and $top)"}
		}
		start = end + 1
	}
	return q, nil
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
