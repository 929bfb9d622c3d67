// Package stores: a variable whose address is kept in options (Filter:
// &f) and that is read again before the query, f += … in branches. Each
// read sees only the stores that reach it, so a branch's clause never
// meets the other branch's.
package stores

import "github.com/Azure/azure-sdk-for-go/sdk/data/aztables"

func sink(...any) {}

// page appends one of two cursor clauses: three filters, never both.
func page(cursor string, older bool) {
	f := "PartitionKey eq 'g'"
	if cursor != "" {
		if older {
			f += " and RowKey lt '" + cursor + "'"
		} else {
			f += " and RowKey gt '" + cursor + "'"
		}
	}
	o := &aztables.ListEntitiesOptions{Filter: &f}
	sink(*o.Filter) // want `^PartitionKey eq 'g' \| PartitionKey eq 'g' and RowKey lt '\{param0:cursor\}' \| PartitionKey eq 'g' and RowKey gt '\{param0:cursor\}'$`
}

// chain appends on one path: each append sees the one before it, never
// a later one (this probe asks without the query as the use, so every
// store is a value: each one is the text up to it).
func chain(cursor string) {
	f := "PartitionKey eq 'g'"
	f += " and RowKey gt '" + cursor + "'"
	f += " and Done eq false"
	o := &aztables.ListEntitiesOptions{Filter: &f}
	sink(*o.Filter) // want `^PartitionKey eq 'g' \| PartitionKey eq 'g' and RowKey gt '\{param0:cursor\}' \| PartitionKey eq 'g' and RowKey gt '\{param0:cursor\}' and Done eq false$`
}
