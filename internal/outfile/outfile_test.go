package outfile

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"
)

func write(t *testing.T, path, data string, stdout *bytes.Buffer) error {
	t.Helper()
	f, err := Create(path, stdout)
	if err != nil {
		return err
	}
	defer f.Abort()
	if _, err := f.Write([]byte(data)); err != nil {
		return err
	}
	return f.Commit()
}

func TestRegularAndNew(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "out.json")
	if err := write(t, p, "one", nil); err != nil {
		t.Fatal(err)
	}
	os.Chmod(p, 0o600)
	if err := write(t, p, "two", nil); err != nil {
		t.Fatal(err)
	}
	if got, _ := os.ReadFile(p); string(got) != "two" {
		t.Errorf("content %q, want two", got)
	}
	if fi, _ := os.Stat(p); fi.Mode().Perm() != 0o600 {
		t.Errorf("mode %v, want the old file's 0600", fi.Mode())
	}
	ents, _ := os.ReadDir(dir)
	if len(ents) != 1 {
		t.Errorf("files left: %v", ents)
	}
}

func TestAbortLeavesTarget(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "out.json")
	os.WriteFile(p, []byte("old"), 0o644)
	f, err := Create(p, nil)
	if err != nil {
		t.Fatal(err)
	}
	f.Write([]byte("partial"))
	tmp := f.TempName()
	f.Abort()
	if got, _ := os.ReadFile(p); string(got) != "old" {
		t.Errorf("after Abort: %q, want old", got)
	}
	if _, err := os.Stat(tmp); err == nil {
		t.Errorf("temporary file %s left", tmp)
	}
}

// TestSymlinkWrittenThrough: the link stays a link; its target gets the
// content.
func TestSymlinkWrittenThrough(t *testing.T) {
	dir := t.TempDir()
	target := filepath.Join(dir, "real", "results.jsonl")
	os.MkdirAll(filepath.Dir(target), 0o755)
	os.WriteFile(target, []byte("old"), 0o644)
	link := filepath.Join(dir, "link.jsonl")
	os.Symlink(target, link)
	if err := write(t, link, "new", nil); err != nil {
		t.Fatal(err)
	}
	if fi, err := os.Lstat(link); err != nil || fi.Mode()&os.ModeSymlink == 0 {
		t.Fatalf("the symlink was replaced: %v %v", fi.Mode(), err)
	}
	if got, _ := os.ReadFile(target); string(got) != "new" {
		t.Errorf("target %q, want new", got)
	}
	dangling := filepath.Join(dir, "dangling")
	os.Symlink(filepath.Join(dir, "missing-dir", "x"), dangling)
	if err := write(t, dangling, "x", nil); err == nil {
		t.Error("wrote through a link to a missing directory")
	}
	if fi, err := os.Lstat(dangling); err != nil || fi.Mode()&os.ModeSymlink == 0 {
		t.Errorf("the dangling link was replaced")
	}
}

func TestStdout(t *testing.T) {
	for _, p := range []string{"-", "/dev/stdout"} {
		var out bytes.Buffer
		if err := write(t, p, "hello", &out); err != nil || out.String() != "hello" {
			t.Errorf("%s: %q %v", p, out.String(), err)
		}
	}
}
