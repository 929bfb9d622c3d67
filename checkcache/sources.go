package checkcache

import (
	"crypto/sha256"
	"io"
	"os"
	"slices"
)

// A package's key holds its build ID, which the go command computed from
// the files it read when go list ran. The analysis reads the files again,
// later: a file edited in between would have the new content's results
// stored under the old content's key. So every entry also carries the
// hash of the sources it was computed from (its own files and those of
// every dependency analysed from source), taken when the run starts:
// an entry whose sources differ from the files' is stale, and a package
// whose files changed while it was analysed is not stored at all.

// fileHash hashes the content of p's compiled files (a zero Key and
// false if one cannot be read: nothing is stored then). buf is the
// buffer the files are read through (nil: one of its own): hashSources
// reads every file of the run through one, where io.Copy would take a
// new 32 KiB buffer a file (os.File's WriteTo), garbage on every run.
func fileHash(p *listPkg, buf []byte) (Key, bool) {
	if buf == nil {
		buf = make([]byte, 32<<10)
	}
	h := sha256.New()
	for _, name := range fileNames(p) {
		f, err := os.Open(name)
		if err != nil {
			return Key{}, false
		}
		io.WriteString(h, name)
		h.Write([]byte{0})
		for {
			n, rerr := f.Read(buf)
			h.Write(buf[:n])
			if rerr == io.EOF {
				break
			}
			if rerr != nil {
				err = rerr
				break
			}
		}
		f.Close()
		if err != nil {
			return Key{}, false
		}
		h.Write([]byte{0})
	}
	var k Key
	h.Sum(k[:0])
	return k, true
}

// hashSources hashes the files of every package of the run that is not
// in the standard library (whose files no one edits during a run).
func (r *run) hashSources() {
	r.files = map[string]Key{}
	buf := make([]byte, 32<<10)
	for id, p := range r.pkgs {
		if p.Standard || len(p.CompiledGoFiles) == 0 {
			continue
		}
		if k, ok := fileHash(p, buf); ok {
			r.files[id] = k
		} else {
			r.dirty.Store(id, true)
		}
	}
}

// sources is the hash of what package id's entries are computed from:
// its own files and those of its dependencies, as the run found them.
func (r *run) sources(id string) Key {
	p := r.pkgs[id]
	parts := []string{"sources"}
	if p == nil {
		return NewKey(parts...)
	}
	for _, d := range append([]string{id}, slices.Sorted(slices.Values(p.Deps))...) {
		if k, ok := r.files[d]; ok {
			parts = append(parts, d, string(k[:]))
		}
	}
	return NewKey(parts...)
}

// unchanged reports whether package id's files are still those the run
// started with, and those of its dependencies were too when they were
// analysed: only then are its results stored.
func (r *run) unchanged(id string) bool {
	p := r.pkgs[id]
	if p == nil {
		return false
	}
	for _, d := range append([]string{id}, p.Deps...) {
		if _, bad := r.dirty.Load(d); bad {
			return false
		}
	}
	if p.Standard {
		return true
	}
	if k, ok := fileHash(p, nil); !ok || k != r.files[id] {
		r.dirty.Store(id, true)
		return false
	}
	return true
}
