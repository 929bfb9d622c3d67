package lastuse

import (
	"strconv"
)

// strconv stays used by the message: the import stays.
func kept(id int64) (Employee, string) {
	e := Employee{PartitionKey: "p", RowKey: strconv.FormatInt(id, 10)} // want `TL204: numeric RowKey component formatted with strconv.FormatInt`
	return e, strconv.Quote(e.RowKey)
}
