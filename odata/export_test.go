package odata

// SetCache turns the shape cache on or off and returns the old setting,
// so that tests can compare the participle path with the cached path.
func SetCache(on bool) bool {
	old := cacheEnabled
	cacheEnabled = on
	return old
}

// ClearCache empties the shape cache.
func ClearCache() {
	shapes.mu.Lock()
	shapes.clearLocked()
	shapes.mu.Unlock()
}

// TokenShape is Shape computed from the lexer's tokens, without spaces.
func TokenShape(s string) (string, error) { return tokenShape(s) }

// ShapeKey returns the shape cache's key for a filter that lexes.
func ShapeKey(s string) string {
	toks, _, _, err := lexInto(nil, s, false)
	if err != nil {
		return ""
	}
	return string(shapeKey(nil, s, toks))
}
