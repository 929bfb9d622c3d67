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
	"os"
	"path/filepath"
	"strings"
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
	data, err := os.ReadFile(c.path(k))
	if err != nil {
		return nil, false
	}
	return data, true
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
