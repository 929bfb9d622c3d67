package checkcache

import (
	"os"
	"path/filepath"
	"slices"
	"testing"
	"time"
)

func TestKeyParts(t *testing.T) {
	if NewKey("ab", "c") == NewKey("a", "bc") {
		t.Error(`NewKey("ab", "c") == NewKey("a", "bc")`)
	}
	if k1, k2 := NewKey("a"), NewKey("a"); k1 != k2 {
		t.Error("NewKey is not deterministic")
	}
}

func TestCacheGetPut(t *testing.T) {
	t.Setenv(EnvVar, t.TempDir())
	c, err := Open()
	if err != nil || c == nil {
		t.Fatalf("Open: %v %v", c, err)
	}
	k := NewKey("x")
	if _, ok := c.Get(k); ok {
		t.Fatal("hit in an empty cache")
	}
	if err := c.Put(k, []byte("one")); err != nil {
		t.Fatal(err)
	}
	if err := c.Put(k, []byte("two")); err != nil {
		t.Fatal(err)
	}
	if got, ok := c.Get(k); !ok || string(got) != "two" {
		t.Errorf("Get = %q %v, want two", got, ok)
	}
	// No temporary file is left behind.
	var names []string
	filepath.WalkDir(c.dir, func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() && d.Name() != tagName {
			names = append(names, filepath.Base(p))
		}
		return nil
	})
	if len(names) != 1 {
		t.Errorf("files in the cache: %v, want one entry", names)
	}
	id1, err := c.ToolID()
	if err != nil || len(id1) != 64 {
		t.Fatalf("ToolID = %q, %v", id1, err)
	}
	if id2, _ := c.ToolID(); id2 != id1 {
		t.Errorf("ToolID changed: %s, %s", id1, id2)
	}
}

func TestCacheOff(t *testing.T) {
	t.Setenv(EnvVar, "off")
	c, err := Open()
	if c != nil || err != nil {
		t.Fatalf("Open with %s=off: %v %v", EnvVar, c, err)
	}
	if err := c.Put(NewKey("x"), []byte("y")); err != nil {
		t.Error(err)
	}
	if _, ok := c.Get(NewKey("x")); ok {
		t.Error("a nil cache answered")
	}
	if id, err := c.ToolID(); err != nil || len(id) != 64 {
		t.Errorf("ToolID of a nil cache: %q %v", id, err)
	}
}

func TestPackageErrors(t *testing.T) {
	for _, c := range []struct {
		err  listError
		want []PackageError
	}{
		{listError{Err: "# p\nb/b.go:3:13: cannot use \"s\" (untyped string constant) as int value\nb/c.go:4:1: x: y\n"},
			[]PackageError{{Pkg: "p", Pos: "/d/b/b.go:3:13", Msg: "cannot use \"s\" (untyped string constant) as int value"}, {Pkg: "p", Pos: "/d/b/c.go:4:1", Msg: "x: y"}}},
		{listError{Pos: "a.go:1:9", Err: "expected 'package', found pkg"},
			[]PackageError{{Pkg: "p", Pos: "/d/a.go:1:9", Msg: "expected 'package', found pkg"}}},
		{listError{Err: "no required module provides package q"},
			[]PackageError{{Pkg: "p", Pos: "", Msg: "no required module provides package q"}}},
		{listError{Err: "# p\nsomething else\n"},
			[]PackageError{{Pkg: "p", Pos: "", Msg: "something else"}}},
	} {
		if got := packageErrors("/d", "p", &c.err); !slices.Equal(got, c.want) {
			t.Errorf("packageErrors(%+v) =\n%+v, want\n%+v", c.err, got, c.want)
		}
	}
}

func FuzzPackageErrors(f *testing.F) {
	f.Add("# p\nb/b.go:3:13: msg\n", "")
	f.Add("x.go:: : ", "x.go:1")
	f.Fuzz(func(t *testing.T, msg, pos string) {
		for _, pe := range packageErrors("/d", "p", &listError{Pos: pos, Err: msg}) {
			if pe.Pkg != "p" {
				t.Fatalf("package %q", pe.Pkg)
			}
		}
	})
}

func TestCacheTrim(t *testing.T) {
	t.Setenv(EnvVar, t.TempDir())
	c, _ := Open()
	old, fresh := NewKey("old"), NewKey("fresh")
	c.Put(old, []byte("o"))
	c.Put(fresh, []byte("f"))
	long := time.Now().Add(-6 * 24 * time.Hour)
	os.Chtimes(c.path(old), long, long)
	if err := c.Trim(time.Now()); err != nil {
		t.Fatal(err)
	}
	if _, ok := c.Get(old); ok {
		t.Error("an entry unused for 6 days was kept")
	}
	if _, ok := c.Get(fresh); !ok {
		t.Error("a fresh entry was removed")
	}
	// A second trim within a day does not walk the cache.
	c.Put(old, []byte("o"))
	os.Chtimes(c.path(old), long, long)
	c.Trim(time.Now())
	if _, err := os.Stat(c.path(old)); err != nil {
		t.Error("Trim walked the cache twice in a day")
	}
	// An old entry that is read is marked used.
	c.Get(old)
	if fi, err := os.Stat(c.path(old)); err != nil || time.Since(fi.ModTime()) > time.Hour {
		t.Errorf("Get did not mark the entry used: %v", err)
	}
}
