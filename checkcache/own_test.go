package checkcache

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestCacheOwnsItsDirectory: with TABLELINT_CACHE naming a directory that
// holds the user's files, old ones included (what TABLELINT_CACHE=. or
// $HOME looks like), the cache writes only under a directory of its own
// and Trim never removes a file it did not write.
func TestCacheOwnsItsDirectory(t *testing.T) {
	root := t.TempDir()
	t.Setenv(EnvVar, root)
	long := time.Now().Add(-30 * 24 * time.Hour)
	hex62 := strings.Repeat("ab", 31)
	user := map[string]string{
		"notes.txt":              "mine",
		"src/main.go":            "package main",
		"ab/" + hex62:            "looks like an entry but is mine",
		".tmp-keep":              "mine too",
		Subdir + "-not/notes.md": "a neighbour",
	}
	for name, data := range user {
		p := filepath.Join(root, name)
		os.MkdirAll(filepath.Dir(p), 0o755)
		if err := os.WriteFile(p, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
		os.Chtimes(p, long, long)
	}
	os.Symlink("notes.txt", filepath.Join(root, "link"))
	c, err := Open()
	if err != nil || c == nil {
		t.Fatalf("Open: %v %v", c, err)
	}
	if c.Dir() != filepath.Join(root, Subdir) {
		t.Errorf("cache directory %s, want %s", c.Dir(), filepath.Join(root, Subdir))
	}
	if data, err := os.ReadFile(filepath.Join(c.Dir(), tagName)); err != nil || !bytes.HasPrefix(data, []byte("Signature: 8a477f597d28d172789f06886806bc55")) {
		t.Errorf("no cache tag: %q %v", data, err)
	}
	old := NewKey("old")
	c.Put(old, []byte("o"))
	os.Chtimes(c.path(old), long, long)
	// A file of the user's placed inside the cache's own directory, named
	// like an entry, without the entry header, is not removed either.
	foreign := filepath.Join(c.Dir(), "cd", hex62)
	os.MkdirAll(filepath.Dir(foreign), 0o755)
	os.WriteFile(foreign, []byte("mine"), 0o644)
	os.Chtimes(foreign, long, long)
	if err := c.Trim(time.Now()); err != nil {
		t.Fatal(err)
	}
	for name, data := range user {
		if got, err := os.ReadFile(filepath.Join(root, name)); err != nil || string(got) != data {
			t.Errorf("%s: %q %v after Trim, want it untouched", name, got, err)
		}
	}
	if _, err := os.Lstat(filepath.Join(root, "link")); err != nil {
		t.Errorf("the user's symlink was removed: %v", err)
	}
	if _, err := os.Stat(foreign); err != nil {
		t.Errorf("a file without the entry header was removed: %v", err)
	}
	if _, err := os.Stat(c.path(old)); err == nil {
		t.Error("an old entry was kept")
	}
	// Every file the cache wrote is under its directory.
	var outside []string
	filepath.WalkDir(root, func(p string, d os.DirEntry, err error) error {
		rel, _ := filepath.Rel(root, p)
		if err == nil && !d.IsDir() && !strings.HasPrefix(rel, Subdir+string(filepath.Separator)) {
			if _, ok := user[rel]; !ok && rel != "link" {
				outside = append(outside, rel)
			}
		}
		return nil
	})
	if len(outside) > 0 {
		t.Errorf("the cache wrote outside its directory: %v", outside)
	}
}

// TestCacheRefusesForeignDirectory: a directory named like the cache's
// that the cache did not make (no tag, not empty) is not used.
func TestCacheRefusesForeignDirectory(t *testing.T) {
	root := t.TempDir()
	t.Setenv(EnvVar, root)
	os.MkdirAll(filepath.Join(root, Subdir), 0o755)
	os.WriteFile(filepath.Join(root, Subdir, "data.csv"), []byte("x"), 0o644)
	c, err := Open()
	if c != nil || err == nil || !strings.Contains(err.Error(), filepath.Join(root, Subdir)) {
		t.Fatalf("Open over a foreign directory: %v, %v; want a refusal naming it", c, err)
	}
}

// TestCacheEntryIntegrity: an entry changed by one byte, cut short, or
// copied under another key's name is a miss, counted once each as bad
// (the run reports them in one line naming the cache).
func TestCacheEntryIntegrity(t *testing.T) {
	t.Setenv(EnvVar, t.TempDir())
	k, other := NewKey("k"), NewKey("other")
	payload := []byte("TL601 at line 14")
	for _, tc := range []struct {
		name   string
		change func(p string)
		why    string
	}{
		{"one byte", func(p string) {
			data, _ := os.ReadFile(p)
			data[len(data)-8] ^= 1
			os.WriteFile(p, data, 0o644)
		}, "checksum"},
		{"truncated", func(p string) {
			data, _ := os.ReadFile(p)
			os.WriteFile(p, data[:10], 0o644)
		}, "header"},
		{"another key's", func(p string) {
			c, _ := Open()
			c.Put(other, []byte("no findings"))
			data, _ := os.ReadFile(c.path(other))
			os.WriteFile(p, data, 0o644)
		}, "another key"},
		{"rewritten", func(p string) {
			os.WriteFile(p, []byte("no findings"), 0o644)
		}, "header"},
	} {
		c, _ := Open() // counts from zero
		if err := c.Put(k, payload); err != nil {
			t.Fatal(err)
		}
		if got, ok := c.Get(k); !ok || !bytes.Equal(got, payload) {
			t.Fatalf("%s: Get = %q %v before the change", tc.name, got, ok)
		}
		tc.change(c.path(k))
		if got, ok := c.Get(k); ok {
			t.Errorf("%s entry: Get = %q, want a miss", tc.name, got)
		}
		if n, msg := c.Bad(); n != 1 || !strings.Contains(msg, tc.why) || !strings.Contains(msg, c.Dir()) {
			t.Errorf("%s entry: Bad = %d %q, want 1 naming %q and the cache", tc.name, n, msg, tc.why)
		}
	}
}

// FuzzCacheEntry changes one byte of a stored entry (or cuts it): Get
// never returns anything but the data Put stored, and counts the change.
func FuzzCacheEntry(f *testing.F) {
	f.Add([]byte("TL601 at line 14"), 0, byte(1), false)
	f.Add([]byte(""), 20, byte(0xff), false)
	f.Add([]byte("no findings"), 90, byte(0), true)
	dir := f.TempDir()
	f.Fuzz(func(t *testing.T, payload []byte, at int, x byte, cut bool) {
		t.Setenv(EnvVar, dir)
		c, err := Open()
		if err != nil {
			t.Fatal(err)
		}
		k := NewKey(string(payload))
		if err := c.Put(k, payload); err != nil {
			t.Fatal(err)
		}
		data, err := os.ReadFile(c.path(k))
		if err != nil || len(data) == 0 {
			t.Fatal(err)
		}
		at = ((at % len(data)) + len(data)) % len(data)
		if cut {
			data = data[:at]
		} else if x != 0 {
			data[at] ^= x
		} else {
			return
		}
		os.WriteFile(c.path(k), data, 0o644)
		if got, ok := c.Get(k); ok {
			t.Fatalf("changed entry read: %q", got)
		}
		if n, _ := c.Bad(); n != 1 {
			t.Fatalf("Bad = %d, want 1", n)
		}
	})
}
