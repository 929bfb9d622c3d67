// Package iterations: which keys change from one iteration of a loop to
// the next (varies) and which stay the same for the whole loop (fixed).
package iterations

import (
	"strconv"

	"github.com/google/uuid"
)

type order struct {
	Tenant, ID string
}

// key is asked about: does its argument vary per iteration of the
// outermost loop around the call?
func key(string) {}

func prefixed(s string) string { return "o_" + s }

func elementField(orders []order) {
	for _, o := range orders {
		key(o.Tenant) // want `varies: the loop's variable`
	}
}

func elementThroughHelper(orders []order) {
	for i := range orders {
		key(prefixed(orders[i].ID)) // want `varies: the loop's variable`
	}
}

func mapKey(byTenant map[string][]order) {
	for tenant := range byTenant {
		key(tenant) // want `varies: each element of the range`
	}
}

func uuidPerAction(n int) {
	for i := 0; i < n; i++ {
		key(uuid.NewString()) // want `varies: a UUID made for each action`
	}
}

func counter(n int) {
	for i := 0; i < n; i++ {
		key(strconv.Itoa(i)) // want `varies: the loop's variable`
	}
}

func assignedInLoop(orders []order) {
	var pk string
	for _, o := range orders {
		pk = o.Tenant
		key(pk) // want `varies: the loop's variable`
	}
}

// The silent twins: values fixed for the loop.

func parameter(tenant string, orders []order) {
	for _, o := range orders {
		_ = o
		key(tenant) // want `fixed`
	}
}

func constant(orders []order) {
	for range orders {
		key("all") // want `fixed`
	}
}

func beforeLoop(orders []order) {
	pk := prefixed(orders[0].Tenant)
	one := uuid.NewString()
	for range orders {
		key(pk)  // want `fixed`
		key(one) // want `fixed`
	}
}

// grouped: the outer loop picks the partition, the inner one adds the
// rows of that partition; asked about the inner loop, the key is fixed.
func grouped(byTenant map[string][]order) {
	for tenant, orders := range byTenant {
		for range orders {
			key(tenant) // want `fixed`
		}
	}
}

// checkedEqual: every element's tenant is checked to be the one given.
func checkedEqual(tenant string, orders []order) error {
	for _, o := range orders {
		if o.Tenant != tenant {
			return nil
		}
		key(o.Tenant) // want `fixed`
	}
	return nil
}

// checkedAgainstPrevious: compared with the previous element's, which
// changes too.
func checkedAgainstPrevious(orders []order) {
	last := ""
	for _, o := range orders {
		if o.Tenant != last {
			last = o.Tenant
		}
		key(o.Tenant) // want `varies: the loop's variable`
	}
}
