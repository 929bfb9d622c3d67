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
	"sync/atomic"
	"time"

	"github.com/tablelint/tablelint/internal/outfile"
)

// Cache is a directory of entries keyed by Key. The zero of *Cache (nil)
// caches nothing.
//
// The cache owns a directory of its own, Subdir under $TABLELINT_CACHE,
// marked by a CACHEDIR.TAG file: entries are written only under it, and
// Trim removes only the files it wrote there (entry names, with the
// entry header), never anything else of the directory the user named.
//
// Each entry starts with a header: a magic string, its key and the
// SHA-256 of the rest. An entry that does not match its header (a
// truncated or edited file, one copied under another name) is a miss:
// it is recomputed, and counted (Bad) so that the run can say so once.
type Cache struct {
	dir    string
	nbad   atomic.Int64
	badMsg atomic.Value // string: the first bad entry's problem
}

// Key names a cache entry.
type Key [sha256.Size]byte

// NewKey hashes parts, each length-prefixed (so "ab","c" differs from
// "a","bc").
func NewKey(parts ...string) Key {
	h := sha256.New()
	// One buffer for the parts: io.WriteString would copy every part
	// to a new []byte (the hash has no WriteString).
	var buf []byte
	for _, p := range parts {
		buf = binary.LittleEndian.AppendUint64(buf[:0], uint64(len(p)))
		buf = append(buf, p...)
		h.Write(buf)
	}
	var k Key
	h.Sum(k[:0])
	return k
}

func (k Key) String() string { return hex.EncodeToString(k[:]) }

// EnvVar names the environment variable that moves the cache: a
// directory, or "off" for no cache.
const EnvVar = "TABLELINT_CACHE"

// Subdir is the directory the cache owns under $TABLELINT_CACHE (or
// tablelint/check under os.UserCacheDir()).
const Subdir = "tablelint-check-v2"

// tagName and tag mark the directory as the cache's (the Cache Directory
// Tagging convention, which backup tools honour).
const (
	tagName = "CACHEDIR.TAG"
	tag     = "Signature: 8a477f597d28d172789f06886806bc55\n# This directory holds tablelint's check cache; tablelint writes and trims it.\n"
)

// Open returns the cache: Subdir under $TABLELINT_CACHE, or under
// tablelint/check in os.UserCacheDir(). With TABLELINT_CACHE=off, or
// when no directory can be found or made, it returns nil (nothing is
// cached) and, in the latter case, the reason. A Subdir that exists
// without the cache's tag and is not empty is not the cache's: Open
// refuses it rather than write or trim there.
func Open() (*Cache, error) {
	root := os.Getenv(EnvVar)
	switch root {
	case "off":
		return nil, nil
	case "":
		base, err := os.UserCacheDir()
		if err != nil {
			return nil, fmt.Errorf("no cache directory (%v): set %s", err, EnvVar)
		}
		root = filepath.Join(base, "tablelint", "check")
	}
	if err := os.MkdirAll(root, 0o755); err != nil {
		return nil, fmt.Errorf("cache: %v", err)
	}
	dir := filepath.Join(root, Subdir)
	if err := os.Mkdir(dir, 0o755); err != nil && !errors.Is(err, fs.ErrExist) {
		return nil, fmt.Errorf("cache: %v", err)
	}
	fi, err := os.Lstat(dir)
	if err != nil {
		return nil, fmt.Errorf("cache: %v", err)
	}
	if !fi.IsDir() {
		return nil, fmt.Errorf("cache: %s is not a directory", dir)
	}
	mark := filepath.Join(dir, tagName)
	if data, err := os.ReadFile(mark); err == nil && string(data) == tag {
		return &Cache{dir: dir}, nil
	}
	if ents, err := os.ReadDir(dir); err != nil || len(ents) > 0 {
		return nil, fmt.Errorf("cache: %s is not tablelint's (it has no %s of tablelint's): set %s to another directory", dir, tagName, EnvVar)
	}
	if err := writeAtomic(mark, []byte(tag)); err != nil {
		return nil, fmt.Errorf("cache: %v", err)
	}
	return &Cache{dir: dir}, nil
}

// Dir is the directory the cache owns ("" for a nil cache).
func (c *Cache) Dir() string {
	if c == nil {
		return ""
	}
	return c.dir
}

// Bad returns how many entries were found bad (and recomputed) since
// the cache was opened, and the first one's problem.
func (c *Cache) Bad() (int, string) {
	if c == nil {
		return 0, ""
	}
	msg, _ := c.badMsg.Load().(string)
	return int(c.nbad.Load()), msg
}

// bad counts entry k as bad.
func (c *Cache) bad(k Key, why string) {
	if c == nil {
		return
	}
	c.badMsg.CompareAndSwap(nil, fmt.Sprintf("entry %s %s", c.path(k), why))
	c.nbad.Add(1)
}

// entryMagic starts every entry; the header is the magic, the key and
// the SHA-256 of the data.
const entryMagic = "tablelint-cache 2\n"

const headerLen = len(entryMagic) + 2*sha256.Size

func (c *Cache) path(k Key) string {
	s := k.String()
	return filepath.Join(c.dir, s[:2], s[2:])
}

// Get returns the entry k, if there is one that matches its header.
func (c *Cache) Get(k Key) ([]byte, bool) {
	if c == nil {
		return nil, false
	}
	p := c.path(k)
	data, err := os.ReadFile(p)
	if err != nil {
		return nil, false
	}
	if why := checkEntry(k, data); why != "" {
		c.bad(k, why)
		return nil, false
	}
	// Mark the entry used (Trim keeps it), at most once an hour.
	if fi, err := os.Stat(p); err == nil && time.Since(fi.ModTime()) > time.Hour {
		now := time.Now()
		_ = os.Chtimes(p, now, now)
	}
	return data[headerLen:], true
}

// checkEntry returns what is wrong with data as entry k ("" if nothing).
func checkEntry(k Key, data []byte) string {
	switch {
	case len(data) < headerLen || string(data[:len(entryMagic)]) != entryMagic:
		return "has no entry header"
	case Key(data[len(entryMagic):][:sha256.Size]) != k:
		return "holds another key's entry"
	case sha256.Sum256(data[headerLen:]) != [sha256.Size]byte(data[len(entryMagic)+sha256.Size:][:sha256.Size]):
		return "does not match its checksum"
	}
	return ""
}

// Unused entries are removed after maxAge, by Trim, which walks the
// cache at most once every trimEvery.
const (
	maxAge    = 5 * 24 * time.Hour
	trimEvery = 24 * time.Hour
)

// Trim removes the entries no run has used for five days. It walks the
// cache only when it has not done so for a day (the time of the last
// walk is kept in the file "trimmed"). It removes only what Put wrote:
// regular files named like entries (or Put's temporary files, .NAME.*.tmp), in the
// cache's two-hex-digit directories, that start with the entry magic.
func (c *Cache) Trim(now time.Time) error {
	if c == nil {
		return nil
	}
	mark := filepath.Join(c.dir, "trimmed")
	if fi, err := os.Stat(mark); err == nil && now.Sub(fi.ModTime()) < trimEvery {
		return nil
	}
	if err := writeAtomic(mark, nil); err != nil {
		return err
	}
	_ = os.Chtimes(mark, now, now)
	subs, err := os.ReadDir(c.dir)
	if err != nil {
		return err
	}
	for _, sub := range subs {
		if !sub.IsDir() || !isHex(sub.Name(), 2) { // IsDir: not a symlink
			continue
		}
		ents, err := os.ReadDir(filepath.Join(c.dir, sub.Name()))
		if err != nil {
			continue
		}
		for _, e := range ents {
			name := e.Name()
			if !e.Type().IsRegular() || !(isHex(name, 2*sha256.Size-2) || strings.HasPrefix(name, ".") && strings.HasSuffix(name, ".tmp")) {
				continue
			}
			p := filepath.Join(c.dir, sub.Name(), name)
			if fi, err := e.Info(); err == nil && now.Sub(fi.ModTime()) > maxAge && hasMagic(p) {
				_ = os.Remove(p)
			}
		}
	}
	return nil
}

// isHex reports whether s is n lower-case hex digits.
func isHex(s string, n int) bool {
	if len(s) != n {
		return false
	}
	for _, c := range []byte(s) {
		if !('0' <= c && c <= '9' || 'a' <= c && c <= 'f') {
			return false
		}
	}
	return true
}

// hasMagic reports whether the file p starts with the entry magic.
func hasMagic(p string) bool {
	f, err := os.Open(p)
	if err != nil {
		return false
	}
	defer f.Close()
	buf := make([]byte, len(entryMagic))
	_, err = io.ReadFull(f, buf)
	return err == nil && string(buf) == entryMagic
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
	sum := sha256.Sum256(data)
	entry := make([]byte, 0, headerLen+len(data))
	entry = append(entry, entryMagic...)
	entry = append(entry, k[:]...)
	entry = append(entry, sum[:]...)
	entry = append(entry, data...)
	return writeAtomic(p, entry)
}

// writeAtomic writes data to p, atomically (outfile: a temporary file
// beside it, renamed over it).
func writeAtomic(p string, data []byte) error {
	f, err := outfile.Create(p, nil)
	if err != nil {
		return err
	}
	defer f.Abort()
	if _, err := f.Write(data); err != nil {
		return err
	}
	return f.Commit()
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
