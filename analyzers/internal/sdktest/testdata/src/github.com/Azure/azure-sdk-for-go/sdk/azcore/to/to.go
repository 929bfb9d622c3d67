// Package to is a test stub of azcore/to.
package to

// Ptr returns a pointer to v.
func Ptr[T any](v T) *T { return &v }
