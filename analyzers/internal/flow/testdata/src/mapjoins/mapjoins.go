// Package mapjoins: helpers that map each element of the slice they
// are given through an expression and join the results are followed
// into each call's elements.
package mapjoins

import (
	"fmt"
	"strings"
)

func sink(string) {}

// cond is one column compared with a value.
type cond struct {
	col string
	val string
}

func quote(s string) string { return strings.ReplaceAll(s, "'", "''") }

// all maps each condition to a comparison and joins them with and.
func all(cs []cond) string {
	var parts []string
	for _, c := range cs {
		parts = append(parts, c.col+" eq '"+quote(c.val)+"'")
	}
	return strings.Join(parts, " and ")
}

// anyRow maps each row key of a string slice through fmt.Sprintf.
func anyRow(keys []string) string {
	parts := []string{}
	for _, k := range keys {
		parts = append(parts, fmt.Sprintf("RowKey eq '%s'", k))
	}
	return strings.Join(parts, " or ")
}

// through passes its slice on.
func through(cs []cond) string { return "(" + all(cs) + ")" }

func calls(tenant, email string) {
	sink(all([]cond{{"PartitionKey", tenant}, {"Email", email}})) // want `^PartitionKey eq '\{param0:tenant/escaped\}' and Email eq '\{param1:email/escaped\}'$`
	sink(anyRow([]string{"a", "b"}))                              // want `^RowKey eq 'a' or RowKey eq 'b'$`
	sink(through([]cond{{col: "Kind", val: "x"}}))                // want `^\(Kind eq 'x'\)$`
}

// Silent twins: elements the call does not show, and a loop that maps
// only some elements, stay unknown.
func unknown(cs []cond) {
	sink(all(cs)) // want `^\{\?:…\} …$`
}

func some(cs []cond) string {
	var parts []string
	for _, c := range cs {
		if c.col != "" {
			parts = append(parts, c.col+" eq '"+c.val+"'")
		}
	}
	return strings.Join(parts, " and ")
}

func callsSome() {
	sink(some([]cond{{"A", "1"}})) // want `^\{\?:…\} \| \{\?:col\} eq '\{\?:val\}' and \{\?:col\} eq '\{\?:val\}' …$`
}
