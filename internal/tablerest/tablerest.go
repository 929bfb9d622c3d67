// Package tablerest turns Table service REST requests — as an
// application sends them, or as the service's logs record them — into
// the operations of a tablelint trace, and writes trace lines.
//
// It is shared by the recorder (package trace) and the log importer
// (traceimport/), so that both read a request's URL the same
// way.
package tablerest

import (
	"bytes"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"strconv"
	"strings"

	"github.com/tablelint/tablelint/internal/tracefmt"
)

// Target is what a request's URL addresses.
type Target struct {
	// Table is the table name; for createTable it is empty (the name is
	// in the body) and for deleteTable it is the table deleted.
	Table string
	// Tables is true for the Tables collection: /Tables or
	// /Tables('name').
	Tables bool
	// Batch is true for /$batch.
	Batch bool
	// HasKeys is true when the URL names one entity: PK and RK.
	HasKeys bool
	PK, RK  string
	// Query holds $filter, $top and $select and the continuation.
	Filter string
	Top    int
	HasTop bool
	Select []string
	// Continuation is true for a page after the first of a query
	// (NextPartitionKey or NextRowKey, or NextTableName).
	Continuation bool
	// Service is true for account- or table-level requests that are not
	// trace operations (service properties, statistics, ACLs).
	Service bool
}

// ParseURL reads what u addresses. The table is the last segment of the
// path, so path-style endpoints (Azurite's /devstoreaccount1/table) and
// host-style ones (account.table.core.windows.net/table) both work.
func ParseURL(u *url.URL) (Target, error) {
	var t Target
	q, err := readQuery(u.RawQuery)
	if err != nil {
		return t, err
	}
	if q.comp || q.restype {
		t.Service = true
	}
	p := u.Path
	seg := p[strings.LastIndexByte(p, '/')+1:]
	if seg == "" {
		return t, errors.New("the URL names no table")
	}
	name, args, hasArgs := strings.Cut(seg, "(")
	if hasArgs {
		if !strings.HasSuffix(args, ")") {
			return t, fmt.Errorf("unbalanced parenthesis in %q", seg)
		}
		args = args[:len(args)-1]
	}
	switch {
	case name == "$batch":
		t.Batch = true
	case strings.EqualFold(name, "Tables"):
		t.Tables = true
		if args != "" {
			s, rest, err := quoted(args)
			if err != nil || rest != "" {
				return t, fmt.Errorf("cannot read the table name in %q", seg)
			}
			t.Table = s
		}
	default:
		t.Table = name
		if args != "" {
			pk, rk, err := entityKeys(args)
			if err != nil {
				return t, fmt.Errorf("%v in %q", err, seg)
			}
			t.HasKeys, t.PK, t.RK = true, pk, rk
		}
	}
	t.Filter = q.filter
	if s := q.top; s != "" {
		var n int
		if _, err := fmt.Sscan(s, &n); err != nil {
			return t, fmt.Errorf("$top %q is not a number", s)
		}
		t.Top, t.HasTop = n, true
	}
	if s := q.sel; s != "" {
		for _, f := range strings.Split(s, ",") {
			if f = strings.TrimSpace(f); f != "" {
				t.Select = append(t.Select, f)
			}
		}
	}
	t.Continuation = q.next
	return t, nil
}

// query is what ParseURL reads of a query string.
type query struct {
	filter, top, sel string
	comp, restype    bool
	next             bool
}

// readQuery reads the parameters ParseURL needs from a raw query
// string, unescaping only those (url.ParseQuery unescapes all of them
// into a map, which a recorder pays on every request).
func readQuery(raw string) (query, error) {
	var q query
	for raw != "" {
		var kv string
		kv, raw, _ = strings.Cut(raw, "&")
		k, v, _ := strings.Cut(kv, "=")
		var dst *string
		switch k {
		case "$filter", "%24filter":
			dst = &q.filter
		case "$top", "%24top":
			dst = &q.top
		case "$select", "%24select":
			dst = &q.sel
		case "comp":
			q.comp = v != ""
		case "restype":
			q.restype = v != ""
		case "NextPartitionKey", "NextRowKey", "NextTableName":
			q.next = true
		}
		if dst != nil {
			s, err := url.QueryUnescape(v)
			if err != nil {
				return q, fmt.Errorf("query parameter %s: %v", k, err)
			}
			*dst = s
		}
	}
	return q, nil
}

// entityKeys reads "PartitionKey='a',RowKey='b'" (either order).
func entityKeys(s string) (pk, rk string, err error) {
	var havePK, haveRK bool
	for s != "" {
		name, rest, ok := strings.Cut(s, "=")
		if !ok {
			return "", "", errors.New("key without a value")
		}
		v, rest, err := quoted(rest)
		if err != nil {
			return "", "", err
		}
		switch strings.TrimSpace(name) {
		case "PartitionKey":
			pk, havePK = v, true
		case "RowKey":
			rk, haveRK = v, true
		default:
			return "", "", fmt.Errorf("unknown key %q", name)
		}
		s = strings.TrimPrefix(rest, ",")
	}
	if !havePK || !haveRK {
		return "", "", errors.New("the entity needs PartitionKey and RowKey")
	}
	return pk, rk, nil
}

// quoted reads an OData string literal at the start of s, quoted with
// single quotes and a doubled single quote
// for a quote. It returns the value and what follows it.
func quoted(s string) (string, string, error) {
	if !strings.HasPrefix(s, "'") {
		return "", "", errors.New("key value is not quoted")
	}
	if end := strings.IndexByte(s[1:], '\''); end >= 0 && (end+2 == len(s) || s[end+2] != '\'') {
		return s[1 : end+1], s[end+2:], nil // no doubled quote: no copy
	}
	var b strings.Builder
	for i := 1; i < len(s); i++ {
		if s[i] != '\'' {
			b.WriteByte(s[i])
			continue
		}
		if i+1 < len(s) && s[i+1] == '\'' {
			b.WriteByte('\'')
			i++
			continue
		}
		return b.String(), s[i+1:], nil
	}
	return "", "", errors.New("unterminated key value")
}

// Classify turns a request into a trace operation: method is the HTTP
// method (MERGE or PATCH for a merge), ifMatch the If-Match header and
// entity the request body of an entity write (nil when unknown). ok is
// false for requests that are not trace operations (listing tables,
// service properties, ACLs); continuation pages are operations with
// Target.Continuation set, which the caller folds into their query.
func Classify(method string, t Target, ifMatch string, entity []byte) (op tracefmt.Op, ok bool) {
	method = strings.ToUpper(method)
	if t.Service || t.Batch {
		return op, false
	}
	op.Table = t.Table
	if t.Tables {
		switch method {
		case "POST":
			op.Kind = tracefmt.CreateTable
			return op, true
		case "DELETE":
			if t.Table == "" {
				return op, false
			}
			op.Kind = tracefmt.DeleteTable
			return op, true
		}
		return op, false // listing tables
	}
	op.PK, op.RK = t.PK, t.RK
	switch {
	case method == "GET" && t.HasKeys:
		op.Kind, op.Select = tracefmt.Get, t.Select
	case method == "GET":
		op.Kind, op.Filter, op.Select = tracefmt.Query, t.Filter, t.Select
		if t.HasTop {
			op.Top = t.Top
		}
	case method == "POST" && !t.HasKeys:
		op.Kind, op.Entity = tracefmt.Insert, entity
	case method == "DELETE" && t.HasKeys:
		op.Kind, op.IfMatch = tracefmt.Delete, ifMatch
	case (method == "PUT" || method == "MERGE" || method == "PATCH") && t.HasKeys:
		op.Kind, op.Mode, op.Entity = tracefmt.Upsert, tracefmt.Merge, entity
		if method == "PUT" {
			op.Mode = tracefmt.Replace
		}
		if ifMatch != "" {
			op.Kind, op.IfMatch = tracefmt.Update, ifMatch
		}
	default:
		return op, false
	}
	return op, true
}

// BatchStatus returns the status of a $batch answered with status: when
// that is 202, the status of the first failed operation in the response
// body (the service answers a failed changeset with 202 and the
// failure inside), else status.
func BatchStatus(body []byte, status int) int {
	if status != http.StatusAccepted {
		return status
	}
	for _, line := range bytes.Split(body, []byte("\n")) {
		line = bytes.TrimSpace(line)
		if !bytes.HasPrefix(line, []byte("HTTP/1.1 ")) {
			continue
		}
		f := bytes.Fields(line)
		if len(f) < 2 {
			continue
		}
		if code, err := strconv.Atoi(string(f[1])); err == nil && code >= 300 {
			return code
		}
	}
	return status
}
