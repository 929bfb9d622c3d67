// Package frames builds binary values for another package to store.
package frames

// Frame is a one-byte tag, a two-byte header and a 60,000-byte body:
// built by append.
func Frame(tag byte) []byte {
	b := make([]byte, 0, 64)
	b = append(b, tag)
	b = append(b, 0x01, 0x02)
	return append(b, make([]byte, 60000)...)
}

// Wrap puts a tag before data of any size.
func Wrap(tag byte, data []byte) []byte {
	return append([]byte{tag}, data...)
}
