// Package outfile writes the files the commands' output flags name
// (replay --results and --svg, trace import -o and --results, extract
// -o), one way for all of them:
//
//   - a regular file (or a new one) is written atomically: to a temporary
//     file beside it, renamed over it by Commit, removed by Abort, so a
//     failed or interrupted run leaves what was there before;
//   - a symbolic link is written through: its target is replaced (as
//     above), the link stays;
//   - "-" and "/dev/stdout" are standard output;
//   - anything else (a directory, a device such as /dev/null, a FIFO, a
//     socket) is refused, before anything is written.
package outfile

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
)

// maxLinks bounds the symbolic links followed to the file written.
const maxLinks = 40

// IsStdout reports whether path names standard output: "-", or
// "/dev/stdout" spelled out.
func IsStdout(path string) bool { return path == "-" || path == "/dev/stdout" }

// File is an output being written. The methods of a nil *File do
// nothing.
type File struct {
	w      io.Writer // the temporary file, or stdout
	tmp    *os.File  // nil for stdout
	target string    // the file the temporary file replaces
	done   bool
}

// Create starts writing the output path: stdout (given) for "-" or
// "/dev/stdout", else a temporary file beside the file path names. It
// fails at once, in one line naming path, when path is not a regular
// file or a link to one, or when its directory does not exist or is not
// writable.
func Create(path string, stdout io.Writer) (*File, error) {
	if IsStdout(path) {
		return &File{w: stdout}, nil
	}
	target, mode, err := resolve(path)
	if err != nil {
		return nil, err
	}
	f, err := os.CreateTemp(filepath.Dir(target), "."+filepath.Base(target)+".*.tmp")
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, unwrap(err))
	}
	if err := f.Chmod(mode); err != nil {
		f.Close()
		os.Remove(f.Name())
		return nil, fmt.Errorf("%s: %w", path, unwrap(err))
	}
	return &File{w: f, tmp: f, target: target}, nil
}

// resolve returns the file to replace for path (its target, for a
// symbolic link) and the mode the new file gets (the old one's, or
// 0644), or why path cannot be written.
func resolve(path string) (string, fs.FileMode, error) {
	target := path
	fi, err := os.Lstat(path)
	for hops := 0; err == nil && fi.Mode()&fs.ModeSymlink != 0; hops++ {
		// Follow the link (the target may not exist yet: it is created).
		to, lerr := os.Readlink(target)
		if lerr != nil || hops == maxLinks {
			return "", 0, fmt.Errorf("%s is a symbolic link that does not resolve: refusing to write through it", path)
		}
		if !filepath.IsAbs(to) {
			to = filepath.Join(filepath.Dir(target), to)
		}
		target = to
		fi, err = os.Lstat(target)
	}
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return target, 0o644, nil
	case err != nil:
		return "", 0, fmt.Errorf("%s: %w", path, unwrap(err))
	case fi.Mode().IsRegular():
		return target, fi.Mode().Perm(), nil
	}
	return "", 0, fmt.Errorf("%s is %s, not a regular file: refusing to write to it (- writes to stdout)", path, kind(fi.Mode()))
}

// kind names a file type that is not a regular file.
func kind(m fs.FileMode) string {
	switch {
	case m.IsDir():
		return "a directory"
	case m&fs.ModeCharDevice != 0:
		return "a character device"
	case m&fs.ModeDevice != 0:
		return "a device"
	case m&fs.ModeNamedPipe != 0:
		return "a FIFO"
	case m&fs.ModeSocket != 0:
		return "a socket"
	}
	return "not a regular file (" + m.Type().String() + ")"
}

func unwrap(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	var le *os.LinkError
	if errors.As(err, &le) {
		return le.Err
	}
	return err
}

// Write writes to the output (the temporary file, or stdout).
func (f *File) Write(p []byte) (int, error) {
	if f == nil {
		return len(p), nil
	}
	return f.w.Write(p)
}

// TempName is the temporary file's name ("" for stdout or a nil File).
func (f *File) TempName() string {
	if f == nil || f.tmp == nil {
		return ""
	}
	return f.tmp.Name()
}

// Commit closes the temporary file and renames it over its target; on
// failure the target is left as it was.
func (f *File) Commit() error {
	if f == nil || f.done {
		return nil
	}
	f.done = true
	if f.tmp == nil {
		return nil
	}
	if err := f.tmp.Close(); err != nil {
		os.Remove(f.tmp.Name())
		return fmt.Errorf("%s: %w", f.target, unwrap(err))
	}
	// The target may have been replaced since Create looked at it.
	if fi, err := os.Lstat(f.target); err == nil && !fi.Mode().IsRegular() {
		os.Remove(f.tmp.Name())
		return fmt.Errorf("%s is now %s, not a regular file: refusing to replace it", f.target, kind(fi.Mode()))
	}
	if err := os.Rename(f.tmp.Name(), f.target); err != nil {
		os.Remove(f.tmp.Name())
		return fmt.Errorf("%s: %w", f.target, unwrap(err))
	}
	return nil
}

// Abort discards the temporary file: the target is left as it was.
func (f *File) Abort() {
	if f == nil || f.done {
		return
	}
	f.done = true
	if f.tmp != nil {
		f.tmp.Close()
		os.Remove(f.tmp.Name())
	}
}
