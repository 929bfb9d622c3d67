// Package revstoreb is a versioned key/value store for a cluster's
// control plane kept in one table (legacy storage API): every key has a
// current row, older revisions and change events, a global revision counter
// and a compaction that removes what is older than a revision.
package revstoreb

import "fmt"

// Column names are kept short on the wire.
const (
	colRev   = "mr"
	colKind  = "et"
	colLease = "l"

	kindRow   = "RR"
	kindPart  = "DD"
	kindEvent = "EE"

	currentRow = "C"

	counterPart = "__SYS_R__"
	probePart   = "__SYS_W__"
)

// cond is one piece of a filter.
type cond string

func is(col, v string) cond {
	return cond(fmt.Sprintf("%s eq '%s'", col, v)) // S
}

func isNot(col, v string) cond {
	return cond(fmt.Sprintf("%s ne '%s'", col, v)) // S
}

func atLeast(col, v string) cond {
	return cond(fmt.Sprintf("%s ge '%s'", col, v)) // L: TL321
}

func below(col, v string) cond {
	return cond(fmt.Sprintf("%s lt '%s'", col, v)) // L: TL321
}

func all(cs ...cond) cond {
	out := ""
	for i, c := range cs {
		if i > 0 {
			out += " and "
		}
		out += string(c)
	}
	return cond("(" + out + ")")
}

func either(cs ...cond) cond {
	out := ""
	for i, c := range cs {
		if i > 0 {
			out += " or "
		}
		out += string(c)
	}
	return cond("(" + out + ")")
}

// revText pads a revision to 19 digits so that text order is number order.
func revText(rev int64) string { return fmt.Sprintf("%019d", rev) }

// keyRange is every partition that starts with prefix.
func keyRange(prefix string) cond {
	last := prefix[len(prefix)-1] + 1
	upper := prefix[:len(prefix)-1] + string(last)
	return all(atLeast("PartitionKey", prefix), below("PartitionKey", upper))
}

func notSystem() cond {
	return all(isNot("PartitionKey", counterPart), isNot("PartitionKey", probePart))
}
