// Package checkcache runs go/analysis analyzers over the packages that
// match some patterns, as `tablelint check` does, and keeps every
// package's results in an on-disk cache keyed by the package's content,
// so that a run over unchanged packages reads its results instead of
// computing them.
//
// Dependencies are not type-checked from source: `go list -export`
// gives their export data (from the go command's build cache), and the
// facts the analyzers export for them are computed once, from source,
// and cached. A package's key is a hash of the tool (the executable's
// content), the phase, the package's build ID (which the go command
// derives from its source files and its dependencies' export data), its
// directory (findings hold absolute paths) and the keys of its imports,
// so a change anywhere below a package changes its key.
//
// Runs have two phases. Phase A computes the facts of every package
// (only the analyzers that export facts run on dependencies) and, for
// the packages that match the patterns (the roots), a summary of their
// own facts (Config.Summarize). Phase B installs the summaries of every
// root (Config.Install) and runs all the analyzers over each root, with
// the facts of the other roots computed in phase B; its key also holds a
// hash of the summaries. Only what a root whose entry is missing needs
// is computed, so a warm run reads one entry per root and phase.
package checkcache

import (
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"time"
)

// Cache is a directory of entries keyed by Key. The zero of *Cache (nil)
// caches nothing.
type Cache struct {
	dir string
}

// Key names a cache entry.
type Key [sha256.Size]byte

// NewKey hashes parts, each length-prefixed (so "ab","c" differs from
// "a","bc").
func NewKey(parts ...string) Key {
	h := sha256.New()
	var n [8]byte
	for _, p := range parts {
		binary.LittleEndian.PutUint64(n[:], uint64(len(p)))
		h.Write(n[:])
		io.WriteString(h, p)
	}
	var k Key
	h.Sum(k[:0])
	return k
}

func (k Key) String() string { return hex.EncodeToString(k[:]) }

// EnvVar names the environment variable that moves the cache: a
// directory, or "off" for no cache.
const EnvVar = "TABLELINT_CACHE"

// Open returns the cache: $TABLELINT_CACHE, or tablelint/check under
// os.UserCacheDir(). With TABLELINT_CACHE=off, or when no directory can
// be found or made, it returns nil (nothing is cached) and, in the
// latter case, the reason.
func Open() (*Cache, error) {
	dir := os.Getenv(EnvVar)
	switch dir {
	case "off":
		return nil, nil
	case "":
		base, err := os.UserCacheDir()
		if err != nil {
			return nil, fmt.Errorf("no cache directory (%v): set %s", err, EnvVar)
		}
		dir = filepath.Join(base, "tablelint", "check")
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, fmt.Errorf("cache: %v", err)
	}
	return &Cache{dir: dir}, nil
}

func (c *Cache) path(k Key) string {
	s := k.String()
	return filepath.Join(c.dir, s[:2], s[2:])
}

// Get returns the entry k, if there is one.
func (c *Cache) Get(k Key) ([]byte, bool) {
	if c == nil {
		return nil, false
	}
	p := c.path(k)
	data, err := os.ReadFile(p)
	if err != nil {
		return nil, false
	}
	// Mark the entry used (Trim keeps it), at most once an hour.
	if fi, err := os.Stat(p); err == nil && time.Since(fi.ModTime()) > time.Hour {
		now := time.Now()
		_ = os.Chtimes(p, now, now)
	}
	return data, true
}

// Unused entries are removed after maxAge, by Trim, which walks the
// cache at most once every trimEvery.
const (
	maxAge    = 5 * 24 * time.Hour
	trimEvery = 24 * time.Hour
)

// Trim removes the entries no run has used for five days. It walks the
// cache only when it has not done so for a day (the time of the last
// walk is kept in the file "trimmed").
func (c *Cache) Trim(now time.Time) error {
	if c == nil {
		return nil
	}
	mark := filepath.Join(c.dir, "trimmed")
	if fi, err := os.Stat(mark); err == nil && now.Sub(fi.ModTime()) < trimEvery {
		return nil
	}
	if err := os.WriteFile(mark, nil, 0o644); err != nil {
		return err
	}
	_ = os.Chtimes(mark, now, now)
	return filepath.WalkDir(c.dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || p == mark {
			return nil
		}
		if fi, err := d.Info(); err == nil && now.Sub(fi.ModTime()) > maxAge {
			_ = os.Remove(p)
		}
		return nil
	})
}

// Put stores data as entry k, atomically (a temporary file renamed into
// place): a concurrent Get sees the whole entry or none. A failure to
// store is returned but leaves the cache as it was.
func (c *Cache) Put(k Key, data []byte) error {
	if c == nil {
		return nil
	}
	p := c.path(k)
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		return err
	}
	f, err := os.CreateTemp(filepath.Dir(p), ".tmp-*")
	if err != nil {
		return err
	}
	_, werr := f.Write(data)
	cerr := f.Close()
	if err := errors.Join(werr, cerr); err != nil {
		os.Remove(f.Name())
		return err
	}
	if err := os.Rename(f.Name(), p); err != nil {
		os.Remove(f.Name())
		return err
	}
	return nil
}

// ToolID identifies the running executable by its content (a new build
// of tablelint never reads an older build's entries). The hash is kept
// in the cache under the executable's path, size and modification
// time, so it is computed once per build.
func (c *Cache) ToolID() (string, error) {
	exe, err := os.Executable()
	if err != nil {
		return "", err
	}
	fi, err := os.Stat(exe)
	if err != nil {
		return "", err
	}
	memo := NewKey("exe", exe, fmt.Sprint(fi.Size()), fi.ModTime().UTC().String())
	if id, ok := c.Get(memo); ok && len(id) == 2*sha256.Size {
		return string(id), nil
	}
	f, err := os.Open(exe)
	if err != nil {
		return "", err
	}
	defer f.Close()
	h := sha256.New()
	if _, err := io.Copy(h, f); err != nil {
		return "", err
	}
	id := hex.EncodeToString(h.Sum(nil))
	_ = c.Put(memo, []byte(id)) // a miss next time is all a failure costs
	return id, nil
}

// trimPath strips the " [p.test]" of a test variant's ID: the path
// its types carry.
func trimPath(id string) string {
	if i := strings.IndexByte(id, ' '); i >= 0 {
		return id[:i]
	}
	return id
}
