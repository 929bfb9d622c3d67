package samepartition

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

type Employee struct {
	PartitionKey string
	RowKey       string
}

// The intra-partition secondary index pattern: two copies, one partition.
func hire(ctx context.Context, c *aztables.Client, dept string, id int, email string) {
	e, _ := json.Marshal(Employee{PartitionKey: dept, RowKey: fmt.Sprintf("empid_%06d", id)})
	x, _ := json.Marshal(Employee{PartitionKey: dept, RowKey: "email_" + email})
	c.SubmitTransaction(ctx, []aztables.TransactionAction{{Entity: e}, {Entity: x}}, nil)
}

// Keys from run-time values may be equal.
func maybe(ctx context.Context, c *aztables.Client, a, b string) {
	e, _ := json.Marshal(Employee{PartitionKey: a, RowKey: "1"})
	x, _ := json.Marshal(Employee{PartitionKey: "dept_" + b, RowKey: "2"})
	y, _ := json.Marshal(Employee{PartitionKey: "dept_" + a + "_x", RowKey: "3"})
	c.SubmitTransaction(ctx, []aztables.TransactionAction{{Entity: e}, {Entity: x}, {Entity: y}}, nil)
}

// Same constant.
func same(ctx context.Context, c *aztables.Client) {
	e, _ := json.Marshal(Employee{PartitionKey: "p", RowKey: "1"})
	x, _ := json.Marshal(map[string]any{"PartitionKey": "p", "RowKey": "2"})
	c.SubmitTransaction(ctx, []aztables.TransactionAction{{Entity: e}, {Entity: x}}, nil)
}
