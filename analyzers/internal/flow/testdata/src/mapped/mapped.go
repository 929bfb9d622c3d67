// Package mapped: a slice built by mapping a helper over a caller's
// slice keeps, per element, what the helper makes of it; a type switch
// takes the case of the dynamic type the caller's value has.
package mapped

import (
	"fmt"
	"strings"
)

func sink(string) {}

type cond struct {
	name string
	arg  any
}

// lit writes one comparison by the value's dynamic type.
func lit(name string, v any) string {
	switch x := v.(type) {
	case string:
		return name + " eq '" + strings.ReplaceAll(x, "'", "''") + "'"
	case int:
		return fmt.Sprintf("%s eq %d", name, x)
	default:
		return fmt.Sprintf("%s eq '%v'", name, x)
	}
}

// render maps lit over the conditions and joins them.
func render(conds []cond) string {
	var out []string
	for _, c := range conds {
		out = append(out, lit(c.name, c.arg))
	}
	return strings.Join(out, " and ")
}

// Render passes its slice on: the template is kept for its callers.
func Render(conds []cond) string { return render(conds) }

// wrap maps over pointers, with text around each element.
func wrap(cs []*cond) string {
	parts := []string{}
	for _, c := range cs {
		parts = append(parts, "("+c.name+" ne '"+c.arg.(string)+"')")
	}
	return strings.Join(parts, " or ")
}

func calls(owner string, n int, when float64) {
	sink(render([]cond{{"PartitionKey", owner}, {"Count", n}})) // want `^PartitionKey eq '\{param0:owner/escaped\}' and Count eq \{param1:n/digits\}$`
	sink(Render([]cond{{name: "Ratio", arg: when}}))            // want `^Ratio eq '\{param2:when\}'$`
	sink(lit("Only", owner))                                    // want `^Only eq '\{param0:owner/escaped\}'$`
	sink(wrap([]*cond{{"Kind", owner}}))                        // want `^\(Kind ne '\{param0:owner\}'\)$`
}

// Silent twins. A value whose dynamic type is not known keeps every
// case; loops that append other than one element per element of a
// parameter stay what loops.go says.
func unknownType(v any) {
	sink(lit("Any", v)) // want `^Any eq '\{param0:v/escaped\}' \| Any eq \{param0:v/digits\} \| Any eq '\{param0:v\}'$`
}

func skipping(conds []cond) string {
	var out []string
	for _, c := range conds {
		if c.arg == nil {
			continue
		}
		out = append(out, lit(c.name, c.arg))
	}
	return strings.Join(out, " and ")
}

func twice(conds []cond) string {
	var out []string
	for _, c := range conds {
		out = append(out, c.name, "x")
	}
	return strings.Join(out, ",")
}

func notMapped(owner string) {
	sink(skipping([]cond{{"PartitionKey", owner}})) // want `^\{\?:…\} \| \{\?:name\} eq .* …$`
	sink(twice([]cond{{"PartitionKey", owner}}))    // want `^\{\?:…\} \| \{\?:name\},x,x …$`
}
