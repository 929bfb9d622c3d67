// Package uuid is a test stub of github.com/google/uuid.
package uuid

type UUID [16]byte

func New() UUID               { return UUID{} }
func (u UUID) String() string { return "" }
