package docs

import (
	"strings"
	"testing"
)

func TestExtract(t *testing.T) {
	src := "// Package p does things.\n//\n// # Analyzer p\n//\n// p: find things\n//\n// More about them.\n//\n// # Other\n//\n// Not this.\npackage p\n"
	got, err := Extract(src, "p")
	if err != nil {
		t.Fatal(err)
	}
	if want := "p: find things\n\nMore about them."; got != want {
		t.Errorf("Extract = %q, want %q", got, want)
	}
	if got, err := Extract("// Package q is short.\npackage q\n", "q"); err != nil || got != "Package q is short." {
		t.Errorf("no section: %q, %v", got, err)
	}
	for _, bad := range []string{"package p\n", "// Package p.\n//\n// # Analyzer p\n//\n// wrong first line\npackage p\n"} {
		if _, err := Extract(bad, "p"); err == nil || !strings.Contains(err.Error(), "p") {
			t.Errorf("Extract(%q) = nil error", bad)
		}
	}
}
