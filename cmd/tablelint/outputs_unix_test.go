//go:build unix

package main

import (
	"net"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// specialFiles makes a FIFO, a socket and a character device (a copy of
// /dev/null's numbers, when the test may make devices) in dir.
func specialFiles(t *testing.T, dir, ext string) []string {
	t.Helper()
	fifo := filepath.Join(dir, "fifo"+ext)
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Skip(err)
	}
	out := []string{fifo}
	sock := filepath.Join(dir, "sock"+ext)
	if l, err := net.Listen("unix", sock); err == nil {
		t.Cleanup(func() { l.Close() })
		out = append(out, sock)
	}
	dev := filepath.Join(dir, "null"+ext)
	if syscall.Mknod(dev, syscall.S_IFCHR|0o666, 1<<8|3) == nil {
		out = append(out, dev)
	}
	return out
}

// TestOutputFlagsRefuseSpecialFiles: every output flag refuses a FIFO,
// a socket and a device in one line, exit 2, and leaves it what it was;
// through a symbolic link it writes the link's target and keeps the link.
func TestOutputFlagsRefuseSpecialFiles(t *testing.T) {
	mod := extractModule(t)
	trace := mustAbs(t, replaySmall)
	log := mustAbs(t, importLog)
	flags := []struct {
		name string
		args func(out string) []string
		ext  string
	}{
		{"replay --results", func(o string) []string { return []string{"replay", "--trace", trace, "--results", o} }, ".jsonl"},
		{"replay --svg", func(o string) []string { return []string{"replay", "--trace", trace, "--svg", o} }, ".svg"},
		{"trace import -o", func(o string) []string {
			return []string{"trace", "import", "--from", "storage-analytics", "-o", o, log}
		}, ".jsonl"},
		{"trace import --results", func(o string) []string {
			return []string{"trace", "import", "--from", "storage-analytics", "--results", o, log}
		}, ".jsonl"},
		{"extract -o", func(o string) []string { return []string{"extract", "-o", o, "./..."} }, ".tablelint.yaml"},
	}
	for _, fl := range flags {
		dir := t.TempDir()
		special := specialFiles(t, dir, fl.ext)
		for _, p := range special {
			before, _ := os.Lstat(p)
			code, _, errs := runIn(t, mod, fl.args(p)...)
			if code != 2 || strings.Count(errs, "\n") != 1 || !strings.Contains(errs, p) || !strings.Contains(errs, "not a regular file") {
				t.Errorf("%s %s: exit %d, stderr %q; want exit 2 and one line refusing it", fl.name, p, code, errs)
			}
			if after, err := os.Lstat(p); err != nil || after.Mode() != before.Mode() {
				t.Errorf("%s %s: it was replaced (%v -> %v, %v)", fl.name, p, before.Mode(), after.Mode(), err)
			}
		}
		// A symbolic link is written through.
		target := filepath.Join(dir, "real"+fl.ext)
		link := filepath.Join(dir, "link"+fl.ext)
		if err := os.Symlink(target, link); err != nil {
			t.Fatal(err)
		}
		code, _, errs := runIn(t, mod, fl.args(link)...)
		if code == 2 {
			t.Errorf("%s through a link: exit 2, %q", fl.name, errs)
		}
		if fi, err := os.Lstat(link); err != nil || fi.Mode()&os.ModeSymlink == 0 {
			t.Errorf("%s: the link %s was replaced", fl.name, link)
		}
		if fi, err := os.Stat(target); err != nil || fi.Size() == 0 {
			t.Errorf("%s: nothing written through the link: %v", fl.name, err)
		}
		if ents, _ := os.ReadDir(dir); len(ents) != len(special)+2 {
			t.Errorf("%s: files left in %s: %v", fl.name, dir, ents)
		}
	}
}
