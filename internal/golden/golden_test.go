package golden

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestDiff(t *testing.T) {
	for _, c := range []struct{ want, got, has string }{
		{"a\nb\n", "a\nb\n", ""},
		{"a\nb\n", "a\nc\n", "line 2"},
		{"a\n", "a\nb\n", "line 2"},
		{"a\nb", "a\nb\n", "line 3"},
	} {
		d := Diff(c.want, c.got)
		if (c.has == "") != (d == "") || !strings.Contains(d, c.has) {
			t.Errorf("Diff(%q, %q) = %q, want it to mention %q", c.want, c.got, d, c.has)
		}
	}
}

// fakeT records failures instead of failing the test.
type fakeT struct {
	testing.TB
	failed bool
}

func (f *fakeT) Helper()               {}
func (f *fakeT) Errorf(string, ...any) { f.failed = true }
func (f *fakeT) Fatalf(string, ...any) { f.failed = true }
func (f *fakeT) Fatal(...any)          { f.failed = true }

func TestCheck(t *testing.T) {
	if Update() {
		t.Skip("-update")
	}
	path := filepath.Join(t.TempDir(), "x.golden")
	ft := &fakeT{}
	Check(ft, path, []byte("x"))
	if !ft.failed {
		t.Error("a missing golden file passes")
	}
	if err := os.WriteFile(path, []byte("x\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	ft = &fakeT{}
	CheckString(ft, path, "x\n")
	if ft.failed {
		t.Error("equal output fails")
	}
	CheckString(ft, path, "y\n")
	if !ft.failed {
		t.Error("different output passes")
	}
}
