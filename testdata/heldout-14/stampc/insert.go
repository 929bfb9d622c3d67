package stampc

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"net/url"
	"strings"
	"time"

	"github.com/Azure/azure-sdk-for-go/sdk/azcore"
	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

// Table names the table a record belongs to. Records carry it next to their
// data (tagged out of the JSON), so one insert path serves every kind.
type Table struct {
	Name string
}

// Meta is what the service stamped on a stored record.
type Meta struct {
	ETag      azcore.ETag
	Timestamp time.Time
}

// withFull asks the service to echo the inserted entity with every
// annotation, Timestamp and odata.etag included.
var withFull = aztables.MetadataFormat("application/json;odata=fullmetadata")

// etagTime reads the commit time out of a weak ETag of the form
// W/"datetime'2024-02-22T10%3A15%3A00.1234567Z'".
func etagTime(tag azcore.ETag) (time.Time, bool) {
	s := string(tag)
	i := strings.Index(s, "datetime'")
	if i < 0 {
		return time.Time{}, false
	}
	s = s[i+len("datetime'"):]
	j := strings.IndexByte(s, '\'')
	if j < 0 {
		return time.Time{}, false
	}
	raw, err := url.QueryUnescape(s[:j])
	if err != nil {
		return time.Time{}, false
	}
	t, err := time.Parse(time.RFC3339Nano, raw)
	return t, err == nil
}

// Insert serializes the record as it is and adds it to its table. AddEntity
// gives back only the ETag; the Timestamp is taken from the answer the tap
// kept, or, failing that, from the ETag's datetime.
func (s *Store) Insert(ctx context.Context, table Table, record any) (Meta, error) {
	serialized, err := json.Marshal(record)
	if err != nil {
		return Meta{}, err
	}
	resp, err := s.tables.NewClient(table.Name).AddEntity(ctx, serialized, nil) // S
	if err != nil {
		return Meta{}, err
	}
	m := Meta{ETag: resp.ETag}
	if r, ok := s.tap.take("/" + table.Name); ok && r.status == http.StatusCreated {
		if t, ok := r.stamped(); ok {
			m.Timestamp = t
			return m, nil
		}
	}
	if t, ok := etagTime(resp.ETag); ok {
		m.Timestamp = t
	}
	return m, nil
}

// echoed is the part of the echoed entity the store reads (no keys).
type echoed struct {
	Timestamp time.Time `json:"Timestamp"`
	ETag      string    `json:"odata.etag"`
}

// InsertEcho is the same insert on an SDK that can return the entity: with
// full metadata the response body holds the Timestamp itself.
func (s *Store) InsertEcho(ctx context.Context, table Table, record any) (Meta, error) {
	serialized, err := json.Marshal(record)
	if err != nil {
		return Meta{}, err
	}
	client := s.tables.NewClient(table.Name)                                                      // S
	resp, err := client.AddEntity(ctx, serialized, &aztables.AddEntityOptions{Format: &withFull}) // S
	if err != nil {
		return Meta{}, err
	}
	var e echoed
	if err := json.Unmarshal(resp.Value, &e); err != nil {
		return Meta{}, err
	}
	return Meta{ETag: resp.ETag, Timestamp: e.Timestamp}, nil
}

// InsertOnce adds the record; when it is there already, it returns what the
// service stamped on the stored one instead of failing.
func (s *Store) InsertOnce(ctx context.Context, table Table, pk, rk string, record any) (Meta, error) {
	m, err := s.InsertEcho(ctx, table, record)
	var re *azcore.ResponseError
	if !errors.As(err, &re) || re.StatusCode != http.StatusConflict {
		return m, err
	}
	return s.Refresh(ctx, table, pk, rk)
}

// Refresh reads a stored record's stamps by its keys.
func (s *Store) Refresh(ctx context.Context, table Table, pk, rk string) (Meta, error) {
	resp, err := s.tables.NewClient(table.Name).GetEntity(ctx, pk, rk, &aztables.GetEntityOptions{Format: &withFull}) // S
	if err != nil {
		return Meta{}, err
	}
	var e echoed
	if err := json.Unmarshal(resp.Value, &e); err != nil {
		return Meta{}, err
	}
	return Meta{ETag: resp.ETag, Timestamp: e.Timestamp}, nil
}
