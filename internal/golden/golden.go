// Package golden compares test output with golden files. Run a package's
// tests with -update to rewrite its golden files from the current output
// instead, then review the diff before committing it.
package golden

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the golden files from the current output")

// Update reports whether the test binary runs with -update.
func Update() bool { return *update }

// Check compares got with the golden file at path. With -update it writes
// got to path (creating its directory) instead. A missing golden file is
// an error, so a test never passes without its expectation.
func Check(t testing.TB, path string, got []byte) {
	t.Helper()
	if *update {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -update to create it)", err)
	}
	if d := Diff(string(want), string(got)); d != "" {
		t.Errorf("output differs from %s (go test -update rewrites it; review the diff):\n%s", path, d)
	}
}

// CheckString is Check for text.
func CheckString(t testing.TB, path, got string) {
	t.Helper()
	Check(t, path, []byte(got))
}

// Diff describes the first line where got differs from want, with the
// line before it for context, or returns "" when they are equal.
func Diff(want, got string) string {
	if want == got {
		return ""
	}
	w, g := strings.Split(want, "\n"), strings.Split(got, "\n")
	for i := 0; i < len(w) || i < len(g); i++ {
		var a, b string
		if i < len(w) {
			a = w[i]
		}
		if i < len(g) {
			b = g[i]
		}
		if a != b || (i >= len(w)) != (i >= len(g)) {
			ctx := ""
			if i > 0 && i-1 < len(w) {
				ctx = fmt.Sprintf(" %s\n", w[i-1])
			}
			return fmt.Sprintf("line %d (%d lines want, %d got):\n%s-want %s\n+got  %s", i+1, len(w), len(g), ctx, a, b)
		}
	}
	return "they differ in line endings"
}
