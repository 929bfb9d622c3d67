// Package eventsc keeps versioned event streams in one table through the
// legacy storage API: a head row per stream holds the latest version, each
// version is a row of its own in the stream's partition.
package eventsc

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"github.com/Azure/azure-sdk-for-go/storage"
)

const (
	baseTable = "streamrecords"
	headRow   = "head"
	keyAcct   = "account"
	keySecret = "secret"
	keySuffix = "suffix"
)

// Record is one version of a stream.
type Record struct {
	Stream  string      `json:"stream"`
	Version int64       `json:"version"`
	Meta    string      `json:"meta"`
	Body    interface{} `json:"body"`
}

// Guard chooses whether Append checks the caller's version.
type Guard int

const (
	NoGuard Guard = iota
	Checked
)

var (
	ErrStale    = errors.New("eventsc: stream has a newer version")
	ErrNotFound = errors.New("eventsc: stream not found")
	ErrConfig   = errors.New("eventsc: incomplete settings")
)

// Log is the table-backed event log.
type Log struct {
	svc   storage.TableServiceClient
	table string
}

// Open reads the account from the settings map and makes the table.
func Open(settings map[string]string) (*Log, error) {
	acct, secret := settings[keyAcct], settings[keySecret]
	if acct == "" || secret == "" {
		return nil, ErrConfig
	}
	cli, err := storage.NewBasicClient(acct, secret) // S
	if err != nil {
		return nil, err
	}
	l := &Log{svc: cli.GetTableService(), table: baseTable + settings[keySuffix]}
	_ = l.tbl().Create(10, storage.EmptyPayload, nil)
	return l, nil
}

func (l *Log) tbl() *storage.Table { return l.svc.GetTableReference(l.table) }

func headOf(t *storage.Table, stream string) *storage.Entity {
	return t.GetEntityReference(stream, headRow) // L: TL201
}

func versionOf(t *storage.Table, stream string, v int64) *storage.Entity {
	return t.GetEntityReference(stream, fmt.Sprintf("%v", v)) // L: TL201 TL204
}

func recordRow(t *storage.Table, r *Record) (*storage.Entity, error) {
	raw, err := json.Marshal(r)
	if err != nil {
		return nil, err
	}
	e := versionOf(t, r.Stream, r.Version)
	e.Properties = map[string]interface{}{
		"body":    raw,
		"version": r.Version, // S
		"meta":    r.Meta,
	}
	return e, nil
}

// Start writes the first version of a new stream and its head together.
func (l *Log) Start(r *Record) (*Record, error) {
	r.Version = 1
	t := l.tbl()
	head := headOf(t, r.Stream)
	head.Properties = map[string]interface{}{"version": r.Version}
	row, err := recordRow(t, r)
	if err != nil {
		return nil, err
	}
	b := t.NewBatch()
	b.InsertEntity(head)
	b.InsertEntity(row)
	if err := b.ExecuteBatch(); err != nil { // S
		return nil, err
	}
	return r, nil
}

// Append reads the head, bumps the version and writes the new row and the
// head in one batch; the head is replaced under the ETag Get kept, so a
// concurrent append fails the batch and the loop reads again.
func (l *Log) Append(r *Record, g Guard) (*Record, error) {
	t := l.tbl()
	head := headOf(t, r.Stream)
	for {
		if err := head.Get(10, storage.FullMetadata, nil); err != nil {
			return nil, ErrNotFound
		}
		cur, ok := head.Properties["version"].(int64)
		if !ok {
			return nil, errors.New("eventsc: head without version")
		}
		if g == Checked && cur != r.Version {
			return nil, ErrStale
		}
		cur++
		head.Properties["version"] = cur
		r.Version = cur
		row, err := recordRow(t, r)
		if err != nil {
			return nil, err
		}
		b := t.NewBatch()
		b.InsertEntity(row)
		b.ReplaceEntity(head) // S
		if err := b.ExecuteBatch(); err == nil {
			return r, nil
		}
	}
}

// Latest returns the head's version.
func (l *Log) Latest(stream string) (int64, error) {
	head := headOf(l.tbl(), stream)
	if err := head.Get(10, storage.FullMetadata, nil); err != nil {
		return 0, ErrNotFound
	}
	v, _ := head.Properties["version"].(int64)
	return v, nil
}

// At reads one version.
func (l *Log) At(stream string, v int64) (*Record, error) {
	e := versionOf(l.tbl(), stream, v)
	if err := e.Get(10, storage.FullMetadata, nil); err != nil {
		return nil, ErrNotFound
	}
	out := &Record{}
	raw, _ := e.Properties["body"].([]byte)
	if err := json.Unmarshal(raw, out); err != nil {
		return nil, err
	}
	return out, nil
}

// Between returns the versions from..to of a stream, reading the answer of
// one request.
func (l *Log) Between(stream string, from, to int64) ([]Record, error) {
	f := fmt.Sprintf("(PartitionKey eq '%s') and (RowKey ne '%s') and (version ge %d) and (version le %d)", stream, headRow, from, to) // L: TL321
	res, err := l.tbl().QueryEntities(10, storage.FullMetadata, &storage.QueryOptions{Filter: f})                                      // L: TL303 TL307
	if err != nil {
		return nil, err
	}
	out := make([]Record, len(res.Entities))
	for i, e := range res.Entities {
		raw, _ := e.Properties["body"].([]byte)
		if err := json.Unmarshal(raw, &out[i]); err != nil {
			return nil, err
		}
	}
	return out, nil
}

func quote(s string) string { return strings.ReplaceAll(s, "'", "''") }
