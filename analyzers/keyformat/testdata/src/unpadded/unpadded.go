package unpadded

import (
	"context"
	"encoding/json"
	"fmt"
	"strconv"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
	"github.com/Azure/azure-sdk-for-go/storage"
)

type Order struct {
	aztables.Entity
	Amount float64
}

type Employee struct {
	PartitionKey string
	RowKey       string
	Name         string
}

func addOrder(ctx context.Context, c *aztables.Client, customer string, id int) error {
	o := Order{Entity: aztables.Entity{PartitionKey: customer, RowKey: strconv.Itoa(id)}} // want `TL204: numeric RowKey component formatted with strconv.Itoa is not zero-padded`
	b, err := json.Marshal(o)
	if err != nil {
		return err
	}
	_, err = c.AddEntity(ctx, b, nil)
	return err
}

func edm(id int64) aztables.EDMEntity {
	return aztables.EDMEntity{Entity: aztables.Entity{
		PartitionKey: "orders",
		RowKey:       "order_" + strconv.FormatInt(id, 10), // want `TL204: numeric RowKey component formatted with strconv.FormatInt`
	}}
}

func mapEntity(region string, n int32) map[string]any {
	return map[string]any{
		"PartitionKey": region,
		"RowKey":       fmt.Sprintf("emp_%d", n), // want `TL204: numeric RowKey component formatted with %d is not zero-padded.*%010d`
	}
}

func sprint(e *Employee, id uint16) {
	e.RowKey = fmt.Sprint(id) // want `TL204: numeric RowKey component formatted with fmt.Sprint`
}

func get(ctx context.Context, c *aztables.Client, dept int, id int) {
	c.GetEntity(ctx, strconv.Itoa(dept), fmt.Sprintf("%v", id), nil) // want `TL204: numeric PartitionKey` `TL204: numeric RowKey`
}

func legacy(t *storage.Table, id uint64) {
	e := t.GetEntityReference("p", strconv.FormatUint(id, 10)) // want `TL204: numeric RowKey component formatted with strconv.FormatUint`
	_ = e.Insert(storage.FullMetadata, nil)
}

// rowKey is a helper the resolver follows.
func rowKey(n int) string { return "r" + strconv.Itoa(n) } // want `TL204: numeric RowKey`

func viaHelper(n int) Employee {
	return Employee{PartitionKey: "p", RowKey: rowKey(n)}
}

func viaVar(n int8) Employee {
	rk := "x_" + fmt.Sprintf("%d", n) // want `TL204: numeric RowKey .*%03d`
	return Employee{PartitionKey: "p", RowKey: rk}
}

func hex(n int64) Employee {
	return Employee{PartitionKey: "p", RowKey: strconv.FormatInt(n, 16)} // want `TL204: numeric RowKey component formatted with strconv.FormatInt`
}

func month(y, m int) Employee {
	return Employee{PartitionKey: fmt.Sprintf("%04d-%d", y, m), RowKey: "x"} // want `TL204: numeric PartitionKey component formatted with %d`
}

func deleteIt(ctx context.Context, c *aztables.Client, id int) {
	c.DeleteEntity(ctx, "p", strconv.Itoa(id), nil) // want `TL204: numeric RowKey`
}

// 0…10 has one- and two-digit values.
func twoWidths() []Employee {
	var es []Employee
	for i := 0; i <= 10; i++ {
		es = append(es, Employee{PartitionKey: "p", RowKey: fmt.Sprintf("rk-%d", i)}) // want `TL204`
	}
	return es
}
