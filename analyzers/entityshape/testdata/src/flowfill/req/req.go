// Package req reads requests and files for package app.
package req

import (
	"encoding/json"
	"io"
	"net/http"
	"os"
)

// Body returns the whole request body.
func Body(r *http.Request) (string, error) {
	b, err := io.ReadAll(r.Body)
	return string(b), err
}

// SmallBody returns at most 16 KiB of the body.
func SmallBody(r *http.Request) ([]byte, error) {
	return io.ReadAll(io.LimitReader(r.Body, 16<<10))
}

// Text returns a file's text.
func Text(path string) string {
	b, _ := os.ReadFile(path)
	return string(b)
}

// Encode marshals the caller's tags into one document.
func Encode(tags []string) string {
	b, _ := json.Marshal(tags)
	return string(b)
}
