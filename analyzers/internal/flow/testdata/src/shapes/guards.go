package shapes

import (
	"fmt"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

// guardedAnd joins with " and " only when the filter already holds a
// clause (filter == "" chooses the branch): no variant starts with and.
func guardedAnd(from, until string) {
	var filter string
	if from != "" {
		filter = "Day ge '" + from + "'"
	}
	if until != "" {
		if filter == "" {
			filter = "Day le '" + until + "'"
		} else {
			filter += " and Day le '" + until + "'"
		}
	}
	_ = opts
	sink(filter) // want `^ \| Day ge '\{param0:from\}' \| Day le '\{param1:until\}' \| Day ge '\{param0:from\}' and Day le '\{param1:until\}'$`
}

// guardedLen is guardedAnd with len() tests and Sprintf.
func guardedLen(owner, kind string) {
	filter := ""
	if len(owner) > 0 {
		filter = "Owner eq '" + owner + "'"
	}
	if kind != "" {
		if len(filter) == 0 {
			filter = "Kind eq '" + kind + "'"
		} else {
			filter = fmt.Sprintf("%s and Kind eq '%s'", filter, kind)
		}
	}
	sink(filter) // want `^ \| Owner eq '\{param0:owner/lencheck\}' \| Kind eq '\{param1:kind\}' \| Owner eq '\{param0:owner/lencheck\}' and Kind eq '\{param1:kind\}'$`
}

// unguardedAnd is guardedAnd's silent twin: the and is added whether or
// not the filter holds a clause, so the variant that starts with it stays.
func unguardedAnd(from, until string) {
	var filter string
	if from != "" {
		filter = "Day ge '" + from + "'"
	}
	if until != "" {
		filter += " and Day le '" + until + "'"
	}
	_ = opts
	sink(filter) // want `^ \| Day ge '\{param0:from\}' \|  and Day le '\{param1:until\}' \| Day ge '\{param0:from\}' and Day le '\{param1:until\}'$`
}

// guardedAddr is guardedAnd with the filter's address taken (a local
// variable in memory): the guard reads the same variable, no store
// between, so no variant starts with and; a path that passes neither
// guard keeps the empty text (the guards test from and until, not the
// text stored).
func guardedAddr(from, until string) {
	var filter string
	opts := &aztables.ListEntitiesOptions{Filter: &filter}
	if from != "" {
		filter = "Day ge '" + from + "'"
	}
	if until != "" {
		if filter == "" {
			filter = "Day le '" + until + "'"
		} else {
			filter += " and Day le '" + until + "'"
		}
	}
	_ = opts
	sink(filter) // want `^Day ge '\{param0:from\}' and Day le '\{param1:until\}' \| Day le '\{param1:until\}' \| Day ge '\{param0:from\}' \| $`
}

// storedBetween is guardedAddr's silent twin: the variable is emptied
// after the guard, before the and is added, so the and can come first.
func storedBetween(from, until string) {
	var filter string
	opts := &aztables.ListEntitiesOptions{Filter: &filter}
	if from != "" {
		filter = "Day ge '" + from + "'"
	}
	if filter != "" {
		if until == "" {
			filter = ""
		}
		filter += " and Day le '" + until + "'"
	}
	_ = opts
	sink(filter) // want `^ and Day le '\{param1:until\}' \| `
}
