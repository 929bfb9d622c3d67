package padded

import (
	"context"
	"fmt"
	"strconv"
	"time"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
	"github.com/google/uuid"
)

type Employee struct {
	PartitionKey string
	RowKey       string
}

func padded(dept string, id int) Employee {
	return Employee{PartitionKey: dept, RowKey: fmt.Sprintf("empid_%08d", id)}
}

func fromUUID() Employee {
	return Employee{PartitionKey: "p", RowKey: uuid.New().String()}
}

func constants() Employee {
	const shard = 7
	return Employee{PartitionKey: fmt.Sprintf("s%d", shard), RowKey: strconv.Itoa(shard)}
}

func unixTimes(t time.Time) Employee {
	return Employee{PartitionKey: strconv.FormatInt(t.Unix(), 10), RowKey: fmt.Sprintf("%d_%d", t.UnixNano(), t.Year())}
}

func strs(ctx context.Context, c *aztables.Client, a, b string) {
	c.GetEntity(ctx, a, fmt.Sprintf("%s_%v", a, b), nil)
}

func quoted(n int) Employee {
	return Employee{PartitionKey: "p", RowKey: strconv.Quote(strconv.Itoa(n))}
}

// All of 0…9 have one digit (the aztables example does this).
func singleDigits() []Employee {
	var es []Employee
	for i := 0; i < 10; i++ {
		es = append(es, Employee{PartitionKey: "p", RowKey: fmt.Sprintf("rk-%d", i)})
	}
	for j := range 9 {
		es = append(es, Employee{PartitionKey: "p", RowKey: strconv.Itoa(j)})
	}
	for k := 10; k <= 99; k++ {
		es = append(es, Employee{PartitionKey: "p", RowKey: strconv.Itoa(k)})
	}
	return es
}

// idWidth pads ids to ten digits through a width argument.
const idWidth = 10

// starWidth: %0*d with a constant width is %010d.
func starWidth(dept string, id uint32) Employee {
	return Employee{PartitionKey: dept, RowKey: fmt.Sprintf("%0*d", idWidth, id)}
}

// runtimeWidth: a width the code computes is not known: silent.
func runtimeWidth(dept string, id, width int) Employee {
	return Employee{PartitionKey: dept, RowKey: fmt.Sprintf("%0*d", width, id)}
}
