package store

// label is half-edited: the closing brace of the call is missing.
func label(id string) string {
	return fmt.Sprintf("order-%s", id
}
