// Package joins: helpers that join the slice they are given, with
// strings.Join or by hand, are followed into each call's elements.
package joins

import "strings"

func sink(string) {}

type clause string

func eq(col, v string) clause { return clause(col + " eq '" + v + "'") }

// every joins by hand: a separator before each element but the first.
func every(cs ...clause) clause {
	s := ""
	for i, c := range cs {
		if i > 0 {
			s += " and "
		}
		s += string(c)
	}
	return clause("(" + s + ")")
}

// some tests the accumulator instead of the index.
func some(cs ...string) string {
	var out string
	for _, c := range cs {
		if out != "" {
			out += " or "
		}
		out += c
	}
	return out
}

// joined uses the library.
func joined(parts []string) string { return strings.Join(parts, " and ") }

func calls(tenant, row string) {
	sink(string(every(eq("PartitionKey", tenant), eq("RowKey", row)))) // want `^\(PartitionKey eq '\{param0:tenant\}' and RowKey eq '\{param1:row\}'\)$`
	sink(some("A eq 1", "B eq 2", "C eq 3"))                           // want `^A eq 1 or B eq 2 or C eq 3$`
	sink(joined([]string{"PartitionKey eq 'p'", "Size gt 3"}))         // want `^PartitionKey eq 'p' and Size gt 3$`
	sink(string(every(every(eq("K", "a")), eq("L", "b"))))             // want `^\(\(K eq 'a'\) and L eq 'b'\)$`
}

// Not joins (silent twins): the separator after every element, and a
// loop that skips elements, stay unknown.
func trailing(cs ...string) string {
	out := ""
	for _, c := range cs {
		out += c
		out += ";"
	}
	return out
}

func skipping(cs ...string) string {
	out := ""
	for i, c := range cs {
		if c == "" {
			continue
		}
		if i > 0 {
			out += ","
		}
		out += c
	}
	return out
}

func notJoins() {
	sink(trailing("a", "b")) // want `^ \| \{\?:…\}\{\?\}; …$`
	sink(skipping("a", "b")) // want `^ \| .*…$`
}
