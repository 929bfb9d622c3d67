package partitionscan

import (
	"fmt"
	"strings"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

// The comparison operators a caller may ask for, in an unexported package
// map that only this package writes: a lookup is one of its values.
var ops = map[string]string{"eq": "eq", "gt": "gt", "ge": "ge", "lt": "lt", "le": "le"}

func q(s string) string { return "'" + strings.ReplaceAll(s, "'", "''") + "'" }

func byAmount(c *aztables.Client, account, op string, v int64) {
	o, ok := ops[op]
	if !ok {
		return
	}
	f := "PartitionKey eq " + q(account) + fmt.Sprintf(" and Amount %s %d", o, v)
	c.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &f}) // want `TL303: query scans the whole partition`
}

// Silent: the same operators on RowKey make a point or a range query.
func byRow(c *aztables.Client, account, op, row string) {
	o, ok := ops[op]
	if !ok {
		return
	}
	f := "PartitionKey eq " + q(account) + " and RowKey " + o + " " + q(row)
	c.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &f})
}

// Silent: a map another package can write (exported) is unknown.
var Fields = map[string]string{"amount": "Amount"}

func byField(c *aztables.Client, account, field string) {
	f := "PartitionKey eq " + q(account) + " and " + Fields[field] + " gt 0"
	c.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &f})
}

// Silent: a map handed to code that may write it is unknown.
var cols = map[string]string{"amount": "Amount"}

func register(m map[string]string) { m["rk"] = "RowKey" }

func init() { register(cols) }

func byCol(c *aztables.Client, account, col string) {
	f := "PartitionKey eq " + q(account) + " and " + cols[col] + " gt 0"
	c.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &f})
}
