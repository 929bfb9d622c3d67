// Package filterstr is a package of the module being linted that does
// not import the SDK: it is analysed all the same, because the table
// code of another package of the module reads what Eq returns.
package filterstr

// Eq is the comparison prop eq 'v', v quoted as it is.
func Eq(prop, v string) string {
	return prop + " eq '" + v + "'"
}
