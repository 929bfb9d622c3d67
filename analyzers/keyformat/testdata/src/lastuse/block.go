package lastuse

import (
	"fmt"
	"strconv"
	"time"
)

// The argument keeps its strconv use, and fmt is used by the rewrite: both
// imports stay.
func nested(n int) Employee {
	return Employee{PartitionKey: fmt.Sprint(strconv.IntSize * n), RowKey: "r"} // want `TL204: numeric PartitionKey component formatted with fmt.Sprint`
}

func at(t time.Time, seq uint32) Employee {
	return Employee{PartitionKey: t.Format("2006-01"), RowKey: strconv.FormatUint(uint64(seq), 10)} // want `TL204: numeric RowKey`
}
