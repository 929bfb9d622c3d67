package exprs

import (
	"fmt"
	"strconv"
)

type rec struct {
	K string
	P *string
}

type name string

func use(...any) {}

// A keyed element's variable: the value stored there.
func keyed(id string) rec {
	pk := fmt.Sprintf("user-%s", id)
	return rec{K: pk} // want `user-\{param0:id\}`
}

// An assignment to a field, of a concatenation built in place.
func assigned(r *rec, n int) {
	r.K = "order-" + strconv.Itoa(n) // want `order-\{param1:n/digits\}`
}

// A conversion between string types keeps the text; a constant is text.
func converted() rec {
	const base = "fixed"
	return rec{K: string(name(base))} // want `const "fixed"`
}

// A variable read where nothing consumes it (a comparison): its one
// definition.
func compared() bool {
	probe := "tenant-" + "a"
	return probe == "tenant-a" // want `const "tenant-a"`
}

// The same value in every branch is still one text.
func branches(ok bool) rec {
	k := "x"
	if ok {
		k = "x"
	}
	return rec{K: k} // want `const "x"`
}

// Silent twins: assigned in two places and read where nothing consumes
// it, the variable's value is not found; with its address taken and
// written through a pointer, its read is a value of unknown source,
// never the text it was declared with.
func reassigned(ok bool) bool {
	probe := "a"
	if ok {
		probe = "b"
	}
	return probe == "a" // want `unknown`
}

func addressed() bool {
	probe := "a"
	p := &probe
	*p = "b"
	use(p)
	return probe == "a" // want `^\{\?:`
}

// A parameter the function overwrites is not the caller's argument.
func overwritten(probe string) bool {
	probe = probe + "!"
	return len(probe) > 3 // want `\{param0:probe/lencheck\}!`
}
