// Package tables is a package of a versioned module that reaches the
// table SDK: the analyzers run on it, and what its helpers return
// crosses into the packages that call them.
package tables

import "github.com/Azure/azure-sdk-for-go/sdk/data/aztables"

// Eq is the comparison prop eq 'v', v quoted as it is.
func Eq(prop, v string) string {
	return prop + " eq '" + v + "'"
}

// Options are the list options of a query by filter f.
func Options(f string) *aztables.ListEntitiesOptions {
	return &aztables.ListEntitiesOptions{Filter: &f}
}
