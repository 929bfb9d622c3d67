// Package filterstr builds OData filter text. It does not import the
// table SDK: the go vet driver must still summarise it, because the
// package that runs the query reads what Eq returns.
package filterstr

// Eq is the comparison prop eq 'v', v quoted as it is (not escaped).
func Eq(prop, v string) string {
	return prop + " eq '" + v + "'"
}
