package streamd

import (
	"context"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"sync"
	"time"

	"github.com/Azure/azure-sdk-for-go/sdk/azcore/runtime"
	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
	"github.com/google/uuid"
)

// row is the one shape every entity of the table has.
type row struct {
	PartitionKey string `json:"PartitionKey"`
	RowKey       string `json:"RowKey"`
	Body         []byte `json:"Body,omitempty"`
}

// Record is what a producer appends.
type Record struct {
	Seq  uint64
	Data []byte
}

// Entry is a stored record with its place in the log.
type Entry struct {
	Txn    uint64    `json:"txn"`
	TxnID  uuid.UUID `json:"txnId"`
	Stream string    `json:"stream"`
	Shard  string    `json:"shard"`
	Seq    uint64    `json:"seq"`
	At     int64     `json:"at"`
	Data   []byte    `json:"data"`
}

// Log appends to and reads from the table.
type Log struct {
	c *aztables.Client
}

// Open wraps a table client.
func Open(c *aztables.Client) *Log { return &Log{c: c} }

func each(ctx context.Context, p *runtime.Pager[aztables.ListEntitiesResponse], fn func(row) error) error {
	for p.More() {
		page, err := p.NextPage(ctx) // S
		if err != nil {
			return err
		}
		for _, raw := range page.Entities {
			var r row
			if err := json.Unmarshal(raw, &r); err != nil {
				return err
			}
			if err := fn(r); err != nil {
				return err
			}
		}
	}
	return nil
}

// Streams lists the streams from their index rows.
func (l *Log) Streams(ctx context.Context) ([]string, error) {
	q := between(first(tagIndex, tagStream), last(tagIndex, tagStream))
	p := l.c.NewListEntitiesPager(&aztables.ListEntitiesOptions{
		Filter: &q, // L: TL301
	})
	var out []string
	err := each(ctx, p, func(r row) error { out = append(out, r.RowKey); return nil })
	return out, err
}

// Shards lists a stream's shards from their index rows.
func (l *Log) Shards(ctx context.Context, stream string) ([]string, error) {
	q := between(first(tagIndex, tagShard, stream), last(tagIndex, tagShard, stream))
	p := l.c.NewListEntitiesPager(&aztables.ListEntitiesOptions{
		Filter: &q, // L: TL301
	})
	var out []string
	err := each(ctx, p, func(r row) error { out = append(out, r.RowKey); return nil })
	return out, err
}

func (l *Log) entries(ctx context.Context, q string, keep func(*Entry) bool) ([]*Entry, error) {
	p := l.c.NewListEntitiesPager(&aztables.ListEntitiesOptions{
		Filter: &q, // S
	})
	var out []*Entry
	err := each(ctx, p, func(r row) error {
		var e Entry
		if err := json.Unmarshal(r.Body, &e); err != nil {
			return err
		}
		if keep(&e) {
			out = append(out, &e)
		}
		return nil
	})
	return out, err
}

// ReadStream reads a stream's entries across shards in time order, from
// resume (the raw key an earlier read stopped at) or from the time since.
func (l *Log) ReadStream(ctx context.Context, stream string, since, until int64, resume []byte) ([]*Entry, error) {
	lo := hex.EncodeToString(resume)
	if len(resume) == 0 {
		lo = first(tagData, tagStream, stream, since)
	}
	q := between(lo, last(tagData, tagStream, stream))
	return l.entries(ctx, q, func(e *Entry) bool { return e.At > since && e.At <= until }) // L: TL301
}

// ReadShard reads one shard's entries with from < Seq <= to.
func (l *Log) ReadShard(ctx context.Context, stream, shard string, from, to uint64) ([]*Entry, error) {
	q := fmt.Sprintf("PartitionKey ge '%s' and PartitionKey le '%s' and RowKey ge '%s' and RowKey le '%s'", // S
		first(tagData, tagShard, stream, shard), last(tagData, tagShard, stream, shard), first(from), last(to))
	p := l.c.NewListEntitiesPager(&aztables.ListEntitiesOptions{
		Filter: &q, // L: TL301
	})
	var out []*Entry
	err := each(ctx, p, func(r row) error {
		var e Entry
		if err := json.Unmarshal(r.Body, &e); err != nil {
			return err
		}
		if e.Seq > from && e.Seq <= to {
			out = append(out, &e)
		}
		return nil
	})
	return out, err
}

// Tail returns a shard's last entry, or nil.
func (l *Log) Tail(ctx context.Context, stream, shard string) (*Entry, error) {
	got, err := l.c.GetEntity(ctx, tuple(tagLast, stream, shard), tuple(endMark), nil) // S
	if err != nil {
		if strings.Contains(err.Error(), "ResourceNotFound") {
			return nil, nil
		}
		return nil, err
	}
	var r row
	if err := json.Unmarshal(got.Value, &r); err != nil {
		return nil, err
	}
	var e Entry
	if err := json.Unmarshal(r.Body, &e); err != nil {
		return nil, err
	}
	return &e, nil
}

var errGap = errors.New("streamd: record out of sequence")

// Append adds records to a shard, 100 to a transaction number.
func (l *Log) Append(ctx context.Context, stream, shard string, recs []Record) error {
	tail, err := l.Tail(ctx, stream, shard)
	if err != nil {
		return err
	}
	var seq, txn uint64
	if tail != nil {
		seq, txn = tail.Seq, tail.Txn
	}
	for start := 0; start < len(recs); start += 100 {
		stop := start + 100
		if stop > len(recs) {
			stop = len(recs)
		}
		txn++
		now := time.Now().UnixNano()
		id := uuid.New()
		chunk := make([]*Entry, 0, stop-start)
		for _, r := range recs[start:stop] {
			seq++
			if r.Seq != seq {
				return errGap
			}
			chunk = append(chunk, &Entry{Txn: txn, TxnID: id, Stream: stream, Shard: shard, Seq: r.Seq, At: now, Data: r.Data})
		}
		if err := l.commit(ctx, stream, shard, txn, chunk); err != nil {
			return err
		}
	}
	return nil
}

// commit writes a transaction marker row, then the entries three ways at
// once (the shard's last row, the shard rows, the stream rows), then drops
// the marker and notes the stream and shard in the index.
func (l *Log) commit(ctx context.Context, stream, shard string, txn uint64, chunk []*Entry) error {
	all, _ := json.Marshal(chunk)
	marker := row{PartitionKey: tuple(tagTxn, stream, shard, txn), RowKey: tuple(endMark), Body: all}
	mb, _ := json.Marshal(marker)
	if _, err := l.c.AddEntity(ctx, mb, nil); err != nil { // S
		return fmt.Errorf("txn marker: %w", err)
	}

	var wg sync.WaitGroup
	errs := make(chan error, 3)
	wg.Add(3)
	go func() { defer wg.Done(); errs <- l.putLast(ctx, chunk[len(chunk)-1]) }()
	go func() { defer wg.Done(); errs <- l.putShardRows(ctx, chunk) }()
	go func() { defer wg.Done(); errs <- l.putStreamRows(ctx, chunk) }()
	wg.Wait()
	close(errs)
	for err := range errs {
		if err != nil {
			return err
		}
	}

	if _, err := l.c.DeleteEntity(ctx, marker.PartitionKey, marker.RowKey, nil); err != nil { // S
		return fmt.Errorf("drop marker: %w", err)
	}
	return l.index(ctx, stream, shard)
}

func (l *Log) putLast(ctx context.Context, e *Entry) error {
	body, _ := json.Marshal(e)
	b, _ := json.Marshal(row{PartitionKey: tuple(tagLast, e.Stream, e.Shard), RowKey: tuple(endMark), Body: body})
	_, err := l.c.UpsertEntity(ctx, b, &aztables.UpsertEntityOptions{UpdateMode: aztables.UpdateModeReplace}) // S
	return err
}

func (l *Log) putShardRows(ctx context.Context, chunk []*Entry) error {
	acts := make([]aztables.TransactionAction, 0, len(chunk))
	for _, e := range chunk {
		body, _ := json.Marshal(e)
		b, _ := json.Marshal(row{
			PartitionKey: tuple(tagData, tagShard, e.Stream, e.Shard, e.Txn), // L: TL403
			RowKey:       tuple(e.Seq),
			Body:         body,
		})
		acts = append(acts, aztables.TransactionAction{ActionType: aztables.TransactionTypeInsertReplace, Entity: b})
	}
	if _, err := l.c.SubmitTransaction(ctx, acts, nil); err != nil && err.Error() != "unexpected EOF" { // S
		return fmt.Errorf("shard rows: %w", err)
	}
	return nil
}

func (l *Log) putStreamRows(ctx context.Context, chunk []*Entry) error {
	acts := make([]aztables.TransactionAction, 0, len(chunk))
	for _, e := range chunk {
		body, _ := json.Marshal(e)
		b, _ := json.Marshal(row{
			PartitionKey: tuple(tagData, tagStream, e.Stream, e.At, e.Shard), // L: TL403
			RowKey:       tuple(e.Seq),
			Body:         body,
		})
		acts = append(acts, aztables.TransactionAction{ActionType: aztables.TransactionTypeInsertReplace, Entity: b})
	}
	if _, err := l.c.SubmitTransaction(ctx, acts, nil); err != nil && err.Error() != "unexpected EOF" { // S
		return fmt.Errorf("stream rows: %w", err)
	}
	return nil
}

var indexed sync.Map

// index notes the shard and the stream once per process.
func (l *Log) index(ctx context.Context, stream, shard string) error {
	shardPK := tuple(tagIndex, tagShard, stream)
	if _, ok := indexed.Load(shardPK + "/" + shard); ok {
		return nil
	}
	opts := &aztables.UpsertEntityOptions{UpdateMode: aztables.UpdateModeReplace}
	b, _ := json.Marshal(row{PartitionKey: shardPK, RowKey: shard}) // S
	if _, err := l.c.UpsertEntity(ctx, b, opts); err != nil {       // S
		return fmt.Errorf("index shard: %w", err)
	}
	b, _ = json.Marshal(row{PartitionKey: tuple(tagIndex, tagStream), RowKey: stream}) // S
	if _, err := l.c.UpsertEntity(ctx, b, opts); err != nil {                          // S
		return fmt.Errorf("index stream: %w", err)
	}
	indexed.Store(shardPK+"/"+shard, true)
	return nil
}
