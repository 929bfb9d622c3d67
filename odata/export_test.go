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
	clear(shapes.shapes)
	shapes.mu.Unlock()
}
