package traceimport

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"errors"
	"fmt"
	"io"
)

// openInput returns a reader of the log's text: gzip-compressed input
// (recognised by its magic bytes, whatever its name) is decompressed and
// a UTF-8 byte-order mark is dropped. UTF-16 text (what Windows
// PowerShell 5 writes with '>') is refused with a hint.
func openInput(r io.Reader, file string) (*bufio.Reader, error) {
	br := bufio.NewReaderSize(r, 64<<10)
	if b, _ := br.Peek(2); len(b) == 2 && b[0] == 0x1f && b[1] == 0x8b {
		zr, err := gzip.NewReader(br)
		if err != nil {
			return nil, fmt.Errorf("%s:1: gzip: %v", file, err)
		}
		br = bufio.NewReaderSize(zr, 64<<10)
	}
	b, _ := br.Peek(3)
	switch {
	case bytes.HasPrefix(b, []byte("\xef\xbb\xbf")):
		_, _ = br.Discard(3)
	case bytes.HasPrefix(b, []byte("\xff\xfe")), bytes.HasPrefix(b, []byte("\xfe\xff")):
		return nil, fmt.Errorf("%s:1: the log is UTF-16 text; convert it to UTF-8 (PowerShell: Out-File -Encoding utf8)", file)
	}
	return br, nil
}

// errLongLine is a line past maxLine, skipped.
var errLongLine = fmt.Errorf("line is longer than %d bytes", maxLine)

// lineReader reads a log line by line, each within maxLine.
type lineReader struct {
	br   *bufio.Reader
	file string
	n    int // the number of the line last returned
	long []byte
	eof  bool
}

// next returns the next line, with its end, and its number; io.EOF
// after the last. A line longer than maxLine is skipped to its end and
// returned as errLongLine; an input with no line end within maxSkip
// (/dev/zero, a binary file) is not a log, and a read error ends the
// input: both are returned as other errors.
func (l *lineReader) next() ([]byte, int, error) {
	if l.eof {
		return nil, l.n, io.EOF
	}
	l.n++
	line, err := l.br.ReadSlice('\n')
	if errors.Is(err, bufio.ErrBufferFull) {
		l.long = append(l.long[:0], line...)
		for errors.Is(err, bufio.ErrBufferFull) {
			line, err = l.br.ReadSlice('\n')
			if len(l.long)+len(line) > maxLine {
				skipped := int64(len(l.long) + len(line))
				for errors.Is(err, bufio.ErrBufferFull) {
					line, err = l.br.ReadSlice('\n')
					if skipped += int64(len(line)); skipped > maxSkip {
						return nil, l.n, fmt.Errorf("%s:%d: no line end in the first %d bytes: not a log", l.file, l.n, maxSkip)
					}
				}
				if err != nil && !errors.Is(err, io.EOF) {
					return nil, l.n, fmt.Errorf("%s:%d: %w", l.file, l.n, err)
				}
				l.eof = err != nil
				l.long = l.long[:0]
				return nil, l.n, errLongLine
			}
			l.long = append(l.long, line...)
		}
		line = l.long
	}
	if err != nil {
		if !errors.Is(err, io.EOF) {
			return nil, l.n, fmt.Errorf("%s:%d: %w", l.file, l.n, err)
		}
		l.eof = true
		if len(line) == 0 {
			return nil, l.n, io.EOF
		}
	}
	return line, l.n, nil
}
