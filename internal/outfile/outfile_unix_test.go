//go:build unix

package outfile

import (
	"net"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// TestRefusesSpecialFiles: devices, FIFOs, sockets and directories are
// refused in one line naming the path, and stay what they were.
func TestRefusesSpecialFiles(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "fifo")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Skip(err)
	}
	sock := filepath.Join(dir, "sock")
	l, err := net.Listen("unix", sock)
	if err != nil {
		t.Skip(err)
	}
	defer l.Close()
	linkToNull := filepath.Join(dir, "null-link")
	os.Symlink(os.DevNull, linkToNull)
	for _, p := range []string{os.DevNull, fifo, sock, dir, linkToNull} {
		before, _ := os.Lstat(p)
		err := write(t, p, "x", nil)
		if err == nil || !strings.Contains(err.Error(), p) || strings.Contains(err.Error(), "\n") || !strings.Contains(err.Error(), "refusing") {
			t.Errorf("%s: %v, want a one-line refusal naming it", p, err)
		}
		if after, err := os.Lstat(p); err != nil || after.Mode() != before.Mode() {
			t.Errorf("%s changed: %v -> %v (%v)", p, before.Mode(), after.Mode(), err)
		}
	}
	if ents, _ := os.ReadDir(dir); len(ents) != 3 {
		t.Errorf("files in %s: %v", dir, ents)
	}
}

// TestTargetReplacedBeforeCommit: a FIFO put in the target's place while
// the output is written is not replaced.
func TestTargetReplacedBeforeCommit(t *testing.T) {
	p := filepath.Join(t.TempDir(), "out")
	f, err := Create(p, nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := syscall.Mkfifo(p, 0o644); err != nil {
		t.Skip(err)
	}
	if err := f.Commit(); err == nil {
		t.Error("Commit replaced a FIFO")
	}
	if fi, _ := os.Lstat(p); fi.Mode()&os.ModeNamedPipe == 0 {
		t.Errorf("the FIFO became %v", fi.Mode())
	}
}
