package traceimport

import (
	"bytes"
	"errors"
	"fmt"
)

// readMonitor reads Azure Monitor records in any of the forms a user
// gets them in, told apart by the first non-blank character:
//
//   - '{': JSON objects, one a line (resource logs archived to a storage
//     account, JSON lines exported from Log Analytics) or pretty-printed
//     over several lines each;
//   - '[': one JSON array of them, as `az monitor log-analytics query`
//     prints it;
//   - anything else: CSV with a header row of StorageTableLogs column
//     names, as the Azure portal and Log Analytics export it.
func (im *importer) readMonitor(lr *lineReader) error {
	var js *jsonStream
	var csv *csvReader
	err := im.readLines(lr, func(n int, line []byte) error {
		switch {
		case js != nil:
			js.line(n, line)
		case csv != nil:
			return csv.line(n, line)
		default:
			if t := bytes.TrimSpace(line); t[0] == '{' || t[0] == '[' {
				js = &jsonStream{im: im}
				js.line(n, line)
			} else {
				csv = &csvReader{im: im}
				return csv.line(n, line)
			}
		}
		return nil
	})
	if err != nil {
		return err
	}
	switch {
	case js != nil:
		js.end()
	case csv != nil:
		return csv.end()
	}
	return nil
}

// jsonStream splits a stream of JSON objects, or one array of them, into
// records, each read as it closes. JSON strings cannot hold a line end,
// so a line that ends inside a string ends its record, which is
// reported; and a '{' at the start of a line while a record is open
// begins a new record: the open one was cut short (a truncated line of
// JSON lines). Records are bounded by maxLine.
type jsonStream struct {
	im *importer
	// array is set inside the top-level array; done after it.
	array, done bool
	started     bool // a record or the array has begun
	depth       int
	rec         []byte
	start, col  int // where the open record began
	tooLong     bool
}

func (s *jsonStream) drop(msg string) {
	s.im.badAt(s.start, s.col, msg)
	s.depth, s.rec, s.tooLong = 0, s.rec[:0], false
}

func (s *jsonStream) line(n int, line []byte) {
	i := 0
	if s.depth > 0 {
		if line[0] == '{' {
			s.drop("the record ends before its closing '}'")
		} else {
			s.add([]byte{'\n'})
		}
	}
	for i < len(line) {
		if s.depth == 0 {
			switch c := line[i]; {
			case c == ' ' || c == '\t' || c == '\r' || c == '\n':
				i++
				continue
			case c == '[' && !s.started:
				s.array, s.started = true, true
				i++
				continue
			case (c == ',' || c == ']') && s.array:
				s.array, s.done = c == ',', c == ']'
				i++
				continue
			case c == '{' && !s.done:
				s.started = true
				s.start, s.col, s.rec, s.tooLong = n, i+1, s.rec[:0], false
				s.im.sum.Lines++
			default:
				s.im.sum.Lines++
				s.im.badAt(n, i+1, fmt.Sprintf("want a JSON object (a record), not %q", clip(line[i:])))
				return
			}
		}
		// Inside a record: find its end on this line.
		from := i
		for ; i < len(line); i++ {
			switch line[i] {
			case '"':
				end, err := skipString(line, i)
				if err != nil {
					s.start, s.col = n, i+1
					s.drop("unterminated string")
					return
				}
				i = end - 1
			case '{', '[':
				s.depth++
			case '}', ']':
				s.depth--
			}
			if s.depth == 0 {
				break
			}
		}
		if s.depth > 0 {
			s.add(line[from:])
			return
		}
		i++ // past the closing brace
		s.add(line[from:i])
		if s.tooLong {
			s.drop(fmt.Sprintf("record is longer than %d bytes", maxLine))
			continue
		}
		s.im.read(s.start, s.col, s.rec)
		s.rec = s.rec[:0]
	}
}

// add appends b to the open record, within maxLine.
func (s *jsonStream) add(b []byte) {
	if len(s.rec)+len(b) > maxLine {
		s.tooLong = true
	}
	if !s.tooLong {
		s.rec = append(s.rec, b...)
	}
}

// end reports a record the input ended in.
func (s *jsonStream) end() {
	if s.depth > 0 {
		s.drop("the log ends inside this record")
	}
}

// clip returns the start of b, for a message.
func clip(b []byte) string {
	if len(b) > 20 {
		return string(b[:20]) + "…"
	}
	return string(b)
}

// csvReader reads a CSV export: a header row naming the columns, then a
// record a row; fields are quoted where they hold ',', '"' (doubled) or
// a line end, so a row may span lines.
type csvReader struct {
	im     *importer
	cols   []int // each column's field (mNone: not read); nil before the header
	row    []byte
	quotes int // the quotes in row
	start  int
	fields [][]byte
}

// maxCSVColumns bounds a header row.
const maxCSVColumns = 1000

func (c *csvReader) line(n int, line []byte) error {
	if len(c.row) == 0 {
		c.start = n
	} else {
		c.row = append(c.row, '\n')
	}
	if len(c.row)+len(line) > maxLine {
		if c.cols == nil {
			return &LineError{File: c.im.opts.File, Line: c.start, Msg: errNotCSV.Error()}
		}
		c.im.sum.Lines++
		c.im.bad(c.start, fmt.Sprintf("row is longer than %d bytes", maxLine))
		c.row, c.quotes = c.row[:0], 0
		return nil
	}
	c.row = append(c.row, line...)
	if c.quotes += bytes.Count(line, []byte{'"'}); c.quotes%2 == 1 {
		return nil // a quoted field goes on on the next line
	}
	return c.flush()
}

// flush reads the row gathered. A first row that is not a header of
// StorageTableLogs columns ends the import: the input is not a CSV
// export.
func (c *csvReader) flush() error {
	row := c.row
	defer func() { c.row, c.quotes = c.row[:0], 0 }()
	var err error
	c.fields, err = splitCSV(row, c.fields[:0])
	if c.cols == nil {
		if err == nil {
			err = c.header()
		}
		if err != nil {
			return &LineError{File: c.im.opts.File, Line: c.start, Msg: err.Error()}
		}
		return nil
	}
	c.im.sum.Lines++
	if err == nil && len(c.fields) != len(c.cols) {
		err = fmt.Errorf("row has %d fields, the header %d", len(c.fields), len(c.cols))
	}
	if err != nil {
		c.im.badIn(c.start, 1, row, err)
		return nil
	}
	rec := &c.im.rec
	*rec = record{line: c.start}
	var status, timeText []byte
	for i, f := range c.cols {
		if f != mNone {
			if err = setMonitorField(f, c.fields[i], rec, &status, &timeText); err != nil {
				break
			}
		}
	}
	if err == nil {
		err = finishMonitor(rec, status, timeText)
	}
	if err != nil {
		c.im.bad(c.start, err.Error())
		return nil
	}
	c.im.take(rec)
	return nil
}

// errNotCSV is a header row without the columns a record needs.
var errNotCSV = errors.New("not an Azure Monitor log: want JSON records, a JSON array of them, or CSV whose header names the StorageTableLogs columns OperationName, StatusCode and Uri")

func (c *csvReader) header() error {
	if len(c.fields) > maxCSVColumns {
		return fmt.Errorf("more than %d columns", maxCSVColumns)
	}
	c.cols = make([]int, len(c.fields))
	have := map[int]bool{}
	for i, name := range c.fields {
		c.cols[i] = monitorKey(bytes.TrimSpace(name))
		have[c.cols[i]] = true
	}
	if !have[mOperation] || !have[mStatus] || !have[mURI] {
		c.cols = nil
		return errNotCSV
	}
	return nil
}

// end reports a last row left open by an unbalanced quote, and refuses
// an input without a header row.
func (c *csvReader) end() error {
	if len(c.row) > 0 {
		if c.cols == nil {
			return &LineError{File: c.im.opts.File, Line: c.start, Msg: errNotCSV.Error()}
		}
		c.im.sum.Lines++
		c.im.bad(c.start, "the log ends inside a quoted field")
	}
	return nil
}

// splitCSV splits one CSV row (RFC 4180) into fields, unquoted; the
// fields of a quoted field with "" in it are copies.
func splitCSV(row []byte, out [][]byte) ([][]byte, error) {
	for i := 0; ; {
		if i < len(row) && row[i] == '"' {
			var f []byte
			j := i + 1
			for {
				k := bytes.IndexByte(row[j:], '"')
				if k < 0 {
					return out, &posError{off: i, msg: "unterminated quoted field"}
				}
				if j+k+1 < len(row) && row[j+k+1] == '"' {
					f = append(f, row[j:j+k+1]...)
					j += k + 2
					continue
				}
				if f == nil {
					f = row[j : j+k]
				} else {
					f = append(f, row[j:j+k]...)
				}
				j += k + 1
				break
			}
			out = append(out, f)
			if j == len(row) {
				return out, nil
			}
			if row[j] != ',' {
				return out, &posError{off: j, msg: "want ',' after a quoted field"}
			}
			i = j + 1
			continue
		}
		k := bytes.IndexByte(row[i:], ',')
		if k < 0 {
			return append(out, row[i:]), nil
		}
		out = append(out, row[i:i+k])
		i += k + 1
	}
}
