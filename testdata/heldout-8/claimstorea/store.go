// Package claimstorea keeps a deployment tool's records (claims, results,
// outputs) in one table through the legacy storage Table API: the record's
// kind is the PartitionKey, its name the RowKey, and its serialized body a
// Binary property, optionally gzipped.
package claimstorea

import (
	"bytes"
	"compress/gzip"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/Azure/azure-sdk-for-go/storage"
	"github.com/google/uuid"
)

const (
	recordTable  = "deployrecords"
	callTimeout  = 60
	maxBodyBytes = 64 * 1024
)

// ErrMissing is returned when a record is not in the table.
var ErrMissing = errors.New("record does not exist")

// Settings say how to reach the account and whether bodies are compressed.
type Settings struct {
	ConnectionVar string
	Compress      bool
}

// Records is the table-backed record store. The table is opened on first use.
type Records struct {
	set Settings
	tbl *storage.Table
}

// New returns a store; tbl may be nil, in which case it is opened lazily.
func New(set Settings, tbl *storage.Table) *Records {
	return &Records{set: set, tbl: tbl}
}

func (r *Records) open() error {
	if r.tbl != nil {
		return nil
	}
	name, key, err := accountFrom(os.Getenv(r.set.ConnectionVar))
	if err != nil {
		return err
	}
	cli, err := storage.NewBasicClient(name, key) // S
	if err != nil {
		return err
	}
	svc := cli.GetTableService()
	t := svc.GetTableReference(recordTable)
	if err := t.Create(callTimeout, storage.MinimalMetadata, &storage.TableOptions{RequestID: uuid.NewString()}); err != nil {
		if !strings.Contains(err.Error(), "TableAlreadyExists") {
			return err
		}
	}
	r.tbl = t
	return nil
}

// accountFrom picks AccountName and AccountKey out of a connection string.
func accountFrom(conn string) (string, string, error) {
	var name, key string
	for _, part := range strings.Split(conn, ";") {
		k, v, ok := strings.Cut(part, "=")
		if !ok {
			continue
		}
		switch k {
		case "AccountName":
			name = v
		case "AccountKey":
			key = v
		}
	}
	if name == "" || key == "" {
		return "", "", fmt.Errorf("connection string in %q lacks account name or key", "env")
	}
	return name, key, nil
}

// byGroup builds the filter shared by Count and Names: one kind, one group.
func byGroup(kind, group string) string {
	f := "PartitionKey eq '" + kind + "'" + // L: TL321
		" and group eq '" + group + "'" // L: TL321
	return f
}

// Count reads every record of a kind in a group, following each segment, to
// count them.
func (r *Records) Count(kind, group string) (int, error) {
	if err := r.open(); err != nil {
		return 0, err
	}
	q := storage.QueryOptions{Filter: byGroup(kind, group), RequestID: uuid.NewString()}
	res, err := r.tbl.QueryEntities(callTimeout, storage.MinimalMetadata, &q) // L: TL303
	if err != nil {
		if strings.Contains(err.Error(), "ResourceNotFound") {
			return 0, ErrMissing
		}
		return 0, err
	}
	n := len(res.Entities)
	for res.NextLink != nil {
		res, err = res.NextResults(&storage.TableOptions{RequestID: uuid.NewString()})
		if err != nil {
			return 0, err
		}
		n += len(res.Entities)
	}
	return n, nil
}

// Names lists the record names of a kind in a group, segment after segment.
func (r *Records) Names(kind, group string) ([]string, error) {
	if err := r.open(); err != nil {
		return nil, err
	}
	q := &storage.QueryOptions{Filter: byGroup(kind, group), RequestID: uuid.NewString()}
	res, err := r.tbl.QueryEntities(callTimeout, storage.MinimalMetadata, q) // L: TL303
	if err != nil {
		return nil, err
	}
	var out []string
	for {
		for _, e := range res.Entities {
			out = append(out, e.RowKey)
		}
		if res.NextLink == nil {
			return out, nil
		}
		if res, err = res.NextResults(nil); err != nil {
			return nil, err
		}
	}
}

// Put stores a record body, compressed when configured, refusing bodies that
// would not fit a Binary property.
func (r *Records) Put(kind, group, name string, body []byte) error {
	if r.set.Compress {
		z, err := squeeze(body)
		if err != nil {
			return err
		}
		body = z
	}
	if len(body) > maxBodyBytes {
		return fmt.Errorf("record %s/%s is %d bytes, over the property limit", kind, name, len(body))
	}
	if err := r.open(); err != nil {
		return err
	}
	if kind == "" && name == "schema" {
		kind = "schema"
	}
	row := r.tbl.GetEntityReference(kind, name) // S
	props := map[string]interface{}{"group": group}
	if r.set.Compress {
		props["compressed"] = true
	}
	props["data"] = body // S
	row.Properties = props
	return row.InsertOrReplace(&storage.EntityOptions{Timeout: callTimeout, RequestID: uuid.NewString()})
}

// Get returns a record body, inflating it when it was stored compressed.
func (r *Records) Get(kind, name string) ([]byte, error) {
	if err := r.open(); err != nil {
		return nil, err
	}
	if kind == "" && name == "schema" {
		kind = "schema"
	}
	row := r.tbl.GetEntityReference(kind, name)
	if err := row.Get(callTimeout, storage.MinimalMetadata, &storage.GetEntityOptions{RequestID: uuid.NewString()}); err != nil {
		if strings.Contains(err.Error(), "ResourceNotFound") {
			return nil, ErrMissing
		}
		return nil, err
	}
	data, _ := row.Properties["data"].([]byte)
	if z, _ := row.Properties["compressed"].(bool); z {
		return inflate(data)
	}
	return data, nil
}

// Remove deletes a record whatever its version.
func (r *Records) Remove(kind, name string) error {
	if err := r.open(); err != nil {
		return err
	}
	row := r.tbl.GetEntityReference(kind, name)
	return row.Delete(true, &storage.EntityOptions{Timeout: callTimeout, RequestID: uuid.NewString()})
}

func squeeze(b []byte) ([]byte, error) {
	if len(b) == 0 {
		return nil, nil
	}
	var buf bytes.Buffer
	w, err := gzip.NewWriterLevel(&buf, gzip.BestCompression)
	if err != nil {
		return nil, err
	}
	if _, err := w.Write(b); err != nil {
		return nil, err
	}
	if err := w.Close(); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

func inflate(b []byte) ([]byte, error) {
	if len(b) == 0 {
		return nil, nil
	}
	zr, err := gzip.NewReader(bytes.NewReader(b))
	if err != nil {
		return nil, err
	}
	defer zr.Close()
	return io.ReadAll(zr)
}
