// Package pkgpath answers questions about Go import paths that the
// analyzers and the drivers share.
package pkgpath

import "strings"

// Within reports whether the package of import path path is one of roots
// or inside one (a package whose path starts with a root and a slash), a
// vendored copy included: "example.com/m/vendor/ROOT/sub" and
// "vendor/ROOT" are inside ROOT.
func Within(path string, roots []string) bool {
	if i := strings.LastIndex(path, "/vendor/"); i >= 0 {
		path = path[i+len("/vendor/"):]
	}
	path = strings.TrimPrefix(path, "vendor/")
	for _, r := range roots {
		if path == r || strings.HasPrefix(path, r+"/") {
			return true
		}
	}
	return false
}
