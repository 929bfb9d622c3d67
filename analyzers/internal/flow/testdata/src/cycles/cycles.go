// Package cycles holds stores that feed on themselves: a pointer field
// assigned from its own value, and two fields assigned from each other.
// Following them must stop at flow's depth bound (an unknown value,
// "{?:…}"), not run out of stack.
package cycles

type options struct {
	Filter *string
	Other  *string
}

func sink(s string) {}

func selfAssigned(o *options) {
	o.Filter = o.Filter
	sink(*o.Filter) // want `^\{\?:…\}$`
}

func swapped(o *options) {
	o.Filter = o.Other
	o.Other = o.Filter
	sink(*o.Other) // want `^\{\?:…\}$`
}
