package lastuse

import "strconv"

// Employee is written with its keys.
type Employee struct {
	PartitionKey string
	RowKey       string
}

// The only strconv uses go, and fmt is not imported yet: the import line
// becomes fmt's.
func employee(dept, id int) Employee {
	return Employee{PartitionKey: strconv.Itoa(dept), RowKey: strconv.Itoa(id)} // want `TL204: numeric PartitionKey` `TL204: numeric RowKey`
}
