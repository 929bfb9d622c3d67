package traceimport

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"html"
	"strconv"
	"time"
)

// parseMonitor reads one Azure Monitor record: either the form resource
// logs take when archived to a storage account (camelCase, sizes under
// "properties") or a row of the StorageTableLogs table exported from Log
// Analytics (PascalCase, flat). Field names are matched without regard
// to case; unknown fields are skipped.
func parseMonitor(line []byte, rec *record) error {
	var status []byte
	var timeText []byte
	err := walkObject(line, 0, func(key, val []byte, off int) error {
		return monitorField(key, val, off, rec, &status, &timeText)
	})
	if err != nil {
		return err
	}
	return finishMonitor(rec, status, timeText)
}

var errNoOperation = errors.New(`the record has no "operationName"`)

// finishMonitor checks an Azure Monitor record's required fields and
// reads its status and time.
func finishMonitor(rec *record, status, timeText []byte) error {
	var err error
	if rec.operation == "" {
		return errNoOperation
	}
	if len(status) == 0 {
		return errors.New(`the record has no "statusCode"`)
	}
	if string(status) == "Unknown" {
		rec.status = statusUnknown
	} else if rec.status, err = strconv.Atoi(string(status)); err != nil || rec.status < 100 || rec.status > 999 {
		return fmt.Errorf("statusCode %q is not an HTTP status", status)
	}
	if len(rec.uri) == 0 {
		return errors.New(`the record has no "uri"`)
	}
	if len(timeText) > 0 {
		if rec.time, err = parseTime(string(timeText)); err != nil {
			return fmt.Errorf("time %q is not a time (want RFC 3339, as 2026-11-02T10:00:00.123Z)", timeText)
		}
	}
	return nil
}

// timeLayouts are the forms a record's time takes: RFC 3339 (resource
// logs, az monitor log-analytics query) and, in CSV exports, a date and
// time without a zone, which is UTC ("TimeGenerated [UTC]"), in ISO or US
// order. Fractional seconds are accepted in each.
var timeLayouts = []string{time.RFC3339Nano, "2006-01-02 15:04:05Z07:00", "2006-01-02T15:04:05", "2006-01-02 15:04:05", "1/2/2006, 3:04:05 PM", "1/2/2006 3:04:05 PM"}

func parseTime(s string) (time.Time, error) {
	var err error
	for _, l := range timeLayouts {
		var t time.Time
		if t, err = time.Parse(l, s); err == nil {
			return t, nil
		}
	}
	return time.Time{}, err
}

func monitorField(key, val []byte, off int, rec *record, status, timeText *[]byte) error {
	if eqFold(key, "properties") {
		if len(val) > 0 && val[0] == '{' {
			return walkObject(val, 0, func(k, v []byte, o int) error { return monitorField(k, v, off+o, rec, status, timeText) })
		}
		return nil
	}
	f := monitorKey(key)
	if f == mNone {
		return nil
	}
	var text []byte
	var err error
	switch {
	case len(val) > 0 && val[0] == '"':
		text, err = stringValue(val)
	case string(val) != "null":
		text = val
	}
	if err == nil {
		err = setMonitorField(f, text, rec, status, timeText)
	}
	if err != nil {
		return &posError{off: off, msg: fmt.Sprintf("field %q: %v", key, err)}
	}
	return nil
}

// The fields of an Azure Monitor record the importer reads.
const (
	mNone = iota
	mTime
	mOperation
	mStatus
	mURI
	mRequestID
	mObjectKey
	mConditions
	mService
	mBodySize
)

// monitorKey returns the field a record's key (a JSON name or a CSV
// column) names: the archived form's camelCase names and the
// StorageTableLogs columns, matched without regard to case. A CSV export
// from the Azure portal appends the time zone to date columns
// ("TimeGenerated [UTC]").
func monitorKey(key []byte) int {
	if i := bytes.IndexByte(key, '['); i > 0 && key[len(key)-1] == ']' {
		key = bytes.TrimSpace(key[:i])
	}
	switch {
	case eqFold(key, "time"), eqFold(key, "TimeGenerated"):
		return mTime
	case eqFold(key, "operationName"):
		return mOperation
	case eqFold(key, "statusCode"):
		return mStatus
	case eqFold(key, "uri"):
		return mURI
	case eqFold(key, "correlationId"):
		return mRequestID
	case eqFold(key, "objectKey"):
		return mObjectKey
	case eqFold(key, "conditionsUsed"):
		return mConditions
	case eqFold(key, "serviceType"):
		return mService
	case eqFold(key, "requestBodySize"):
		return mBodySize
	}
	return mNone
}

// setMonitorField stores the text of field f.
func setMonitorField(f int, text []byte, rec *record, status, timeText *[]byte) error {
	var err error
	switch f {
	case mTime:
		*timeText = text
	case mOperation:
		rec.operation = operationName(text)
	case mStatus:
		*status = text
	case mURI:
		rec.uri = text
	case mRequestID:
		rec.requestID = text
	case mObjectKey:
		rec.objectKey = text
	case mConditions:
		rec.conditions = text
	case mService:
		rec.service = text
	case mBodySize:
		if len(text) > 0 {
			rec.bodySize, err = strconv.ParseInt(string(text), 10, 64)
		}
	}
	return err
}

var opNames = func() map[string]string {
	m := map[string]string{"EntityGroupTransaction": "EntityGroupTransaction"}
	for n := range methods {
		m[n] = n
	}
	return m
}()

// operationName interns the common operation names.
func operationName(s []byte) string {
	if n, ok := opNames[string(s)]; ok {
		return n
	}
	return string(s)
}

func eqFold(b []byte, s string) bool { return len(b) == len(s) && bytes.EqualFold(b, []byte(s)) }

// walkObject calls f with each key, raw value and the value's offset in
// b, of the JSON object starting at b[i]. Keys are returned unescaped only when they have no
// escapes (the fields read here have none).
func walkObject(b []byte, i int, f func(key, val []byte, off int) error) error {
	i = ws(b, i)
	if i >= len(b) || b[i] != '{' {
		return errors.New("not a JSON object")
	}
	i = ws(b, i+1)
	if i < len(b) && b[i] == '}' {
		return trailing(b, i+1)
	}
	for {
		if i >= len(b) || b[i] != '"' {
			return &posError{off: i, msg: "want a field name"}
		}
		end, err := skipString(b, i)
		if err != nil {
			return err
		}
		key := b[i+1 : end-1]
		i = ws(b, end)
		if i >= len(b) || b[i] != ':' {
			return &posError{off: i, msg: "want ':'"}
		}
		i = ws(b, i+1)
		vend, err := skipValue(b, i)
		if err != nil {
			return err
		}
		if err := f(key, b[i:vend], i); err != nil {
			return err
		}
		i = ws(b, vend)
		if i >= len(b) {
			return errors.New("unexpected end of the record")
		}
		switch b[i] {
		case ',':
			i = ws(b, i+1)
		case '}':
			return nil
		default:
			return &posError{off: i, msg: "want ',' or '}'"}
		}
	}
}

func trailing(b []byte, i int) error {
	if ws(b, i) != len(b) {
		return &posError{off: i, msg: "data after the record"}
	}
	return nil
}

func ws(b []byte, i int) int {
	for i < len(b) && (b[i] == ' ' || b[i] == '\t' || b[i] == '\r' || b[i] == '\n') {
		i++
	}
	return i
}

// skipString returns the end (after the closing quote) of the string
// at b[i].
func skipString(b []byte, i int) (int, error) {
	j := i + 1
	for {
		k := bytes.IndexByte(b[j:], '"')
		if k < 0 {
			return 0, &posError{off: i, msg: "unterminated string"}
		}
		j += k
		// The quote ends the string unless an odd number of
		// backslashes escapes it.
		n := 0
		for n < j-i-1 && b[j-1-n] == '\\' {
			n++
		}
		if n%2 == 0 {
			return j + 1, nil
		}
		j++
	}
}

// skipValue returns the end of the JSON value at b[i].
func skipValue(b []byte, i int) (int, error) {
	if i >= len(b) {
		return 0, errors.New("unexpected end of the record")
	}
	switch b[i] {
	case '"':
		return skipString(b, i)
	case '{', '[':
		depth := 0
		for j := i; j < len(b); j++ {
			switch b[j] {
			case '"':
				end, err := skipString(b, j)
				if err != nil {
					return 0, err
				}
				j = end - 1
			case '{', '[':
				depth++
			case '}', ']':
				depth--
				if depth == 0 {
					return j + 1, nil
				}
			}
		}
		return 0, &posError{off: i, msg: "unterminated object"}
	}
	j := i
	for j < len(b) && b[j] != ',' && b[j] != '}' && b[j] != ']' && b[j] != ' ' && b[j] != '\t' && b[j] != '\r' && b[j] != '\n' {
		j++
	}
	if j == i {
		return 0, &posError{off: i, msg: "want a value"}
	}
	return j, nil
}

// stringValue returns the contents of a JSON string value, unescaped;
// null is empty.
func stringValue(v []byte) ([]byte, error) {
	if string(v) == "null" {
		return nil, nil
	}
	if len(v) < 2 || v[0] != '"' {
		return nil, errors.New("want a string")
	}
	in := v[1 : len(v)-1]
	if bytes.IndexByte(in, '\\') < 0 {
		return in, nil
	}
	var s string
	if err := json.Unmarshal(v, &s); err != nil {
		return nil, err
	}
	return []byte(s), nil
}

// Storage Analytics log fields (0-based), version 1.0; 2.0 adds eight
// fields after the thirty of 1.0.
const (
	saVersion       = 0
	saStartTime     = 1
	saOperation     = 2
	saStatusCode    = 4
	saServiceType   = 10
	saRequestURL    = 11
	saObjectKey     = 12
	saRequestID     = 13
	saContentLength = 21
	saConditions    = 26
	saFields10      = 30
	saFields20      = 38
)

// parseAnalytics reads one Storage Analytics log entry: fields separated
// by ';'. The documentation says a field that may hold '"', ';' or a
// newline is HTML encoded and quoted; the entries the service writes
// (and the samples the documentation prints) also quote fields that
// hold raw quotes: the ETag, itself quoted, as ""0x8D…"", and version
// 2.0's authorization detail, JSON, as "[{"action":…}]". So a quoted
// field ends at the first quote followed by ';' (or by the end of the
// entry), and the version's last field is the rest of the entry.
func parseAnalytics(line []byte, rec *record) error {
	var fields [saFields20][]byte
	n, last := 0, saFields20-1
	for i := 0; ; n++ {
		if n == 1 {
			// The version decides the number of fields.
			var err error
			if last, err = lastField(fields[saVersion]); err != nil {
				return err
			}
		}
		if n == last {
			f := line[i:]
			if len(f) >= 2 && f[0] == '"' && f[len(f)-1] == '"' {
				f = unescapeField(f[1 : len(f)-1])
			} else if k := bytes.IndexByte(f, ';'); k >= 0 {
				return &posError{off: i + k, msg: fmt.Sprintf("more than %d fields for version %s", last+1, fields[saVersion])}
			}
			fields[n] = f
			n++
			break
		}
		if i < len(line) && line[i] == '"' {
			j := i + 1
			for {
				k := bytes.IndexByte(line[j:], '"')
				if k < 0 {
					return &posError{off: i, msg: "unterminated quoted field"}
				}
				j += k
				if j+1 == len(line) || line[j+1] == ';' {
					break
				}
				j++
			}
			fields[n] = unescapeField(line[i+1 : j])
			i = j + 1
		} else {
			end := bytes.IndexByte(line[i:], ';')
			if end < 0 {
				end = len(line) - i
			}
			fields[n] = line[i : i+end]
			i += end
		}
		if i >= len(line) {
			n++
			break
		}
		i++ // the ';'
	}
	if n == 1 {
		if _, err := lastField(fields[saVersion]); err != nil {
			return err
		}
	}
	if n != last+1 {
		return fmt.Errorf("version %s entry has %d fields, want %d", fields[saVersion], n, last+1)
	}
	var err error
	if rec.time, err = time.Parse(time.RFC3339Nano, string(fields[saStartTime])); err != nil {
		return fmt.Errorf("request-start-time %q is not a time", fields[saStartTime])
	}
	rec.operation = operationName(fields[saOperation])
	if string(fields[saStatusCode]) == "Unknown" {
		rec.status = statusUnknown
	} else if rec.status, err = strconv.Atoi(string(fields[saStatusCode])); err != nil || rec.status < 100 || rec.status > 999 {
		return fmt.Errorf("http-status-code %q is not an HTTP status", fields[saStatusCode])
	}
	rec.service = fields[saServiceType]
	rec.uri = fields[saRequestURL]
	rec.objectKey = fields[saObjectKey]
	rec.requestID = fields[saRequestID]
	rec.conditions = fields[saConditions]
	if s := fields[saContentLength]; len(s) > 0 {
		if rec.bodySize, err = strconv.ParseInt(string(s), 10, 64); err != nil {
			return fmt.Errorf("request-content-length %q is not a number", s)
		}
	}
	if len(rec.uri) == 0 {
		return errors.New("the entry has no request-url")
	}
	return nil
}

// lastField returns the index of the last field of an entry of version v.
func lastField(v []byte) (int, error) {
	switch string(v) {
	case "1.0":
		return saFields10 - 1, nil
	case "2.0":
		return saFields20 - 1, nil
	}
	return 0, fmt.Errorf("unknown log version %q (want 1.0 or 2.0)", v)
}

// unescapeField decodes the HTML entities of a quoted field.
func unescapeField(f []byte) []byte {
	if bytes.IndexByte(f, '&') >= 0 {
		return []byte(html.UnescapeString(string(f)))
	}
	return f
}

// posError is an error at a byte offset of a record; the importer turns
// the offset into a line and column.
type posError struct {
	off int
	msg string
}

func (e *posError) Error() string { return fmt.Sprintf("byte %d: %s", e.off+1, e.msg) }
