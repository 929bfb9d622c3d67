// Package tabletunnel carries a byte stream over a table: each direction of
// a session writes numbered rows, the reader polls for the next number,
// and old rows are reclaimed in key-only delete transactions.
package tabletunnel

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

// chunk is what one row may carry: under the 64 KiB limit of a value.
const chunk = 60 * 1024

// reclaimEvery rows are deleted together once read.
const reclaimEvery = 64

// ErrNoData means the next row is not there yet.
var ErrNoData = errors.New("no data")

type frame struct {
	PartitionKey string
	RowKey       string
	Part         int
	Data         aztables.EDMBinary
}

// Pipe is one direction of a session.
type Pipe struct {
	tx, rx  *aztables.Client
	session string
	next    uint64
	read    []string
}

func seqKey(seq uint64) string { return fmt.Sprintf("%020d", seq) }

// Write sends payload as row seq, cut into parts that fit a value.
func (p *Pipe) Write(ctx context.Context, seq uint64, payload io.Reader) error {
	buf := make([]byte, chunk)
	for part := 0; ; part++ {
		n, err := io.ReadFull(payload, buf)
		if n > 0 {
			f := frame{PartitionKey: p.session, RowKey: seqKey(seq) + fmt.Sprintf("_%04d", part), Part: part, Data: buf[:n]} // S
			b, _ := json.Marshal(f)
			if _, aerr := p.tx.AddEntity(ctx, b, nil); aerr != nil {
				return aerr
			}
		}
		if err == io.EOF || err == io.ErrUnexpectedEOF {
			return nil
		}
		if err != nil {
			return err
		}
	}
}

// WriteWhole sends payload as one row (added: the first version, before
// payloads were cut).
func (p *Pipe) WriteWhole(ctx context.Context, seq uint64, payload io.Reader) error {
	data, err := io.ReadAll(payload)
	if err != nil {
		return err
	}
	f := frame{PartitionKey: p.session, RowKey: seqKey(seq), Data: data} // L: TL123
	b, _ := json.Marshal(f)
	_, err = p.tx.AddEntity(ctx, b, nil)
	return err
}

// Read returns the next row's data, or ErrNoData.
func (p *Pipe) Read(ctx context.Context) (io.Reader, error) {
	f := fmt.Sprintf("PartitionKey eq '%s' and RowKey ge '%s' and RowKey lt '%s'", p.session, seqKey(p.next), seqKey(p.next+1)) // L: TL321
	pager := p.rx.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &f})
	var out bytes.Buffer
	got := false
	for pager.More() {
		page, err := pager.NextPage(ctx)
		if err != nil {
			return nil, err
		}
		for _, raw := range page.Entities {
			var fr frame
			if json.Unmarshal(raw, &fr) != nil {
				continue
			}
			out.Write(fr.Data)
			p.read = append(p.read, fr.RowKey)
			got = true
		}
	}
	if !got {
		return nil, ErrNoData
	}
	p.next++
	if len(p.read) >= reclaimEvery {
		if err := p.reclaim(ctx); err != nil {
			return nil, err
		}
	}
	return &out, nil
}

// reclaim deletes the rows read so far, a hundred keys at a time.
func (p *Pipe) reclaim(ctx context.Context) error {
	for len(p.read) > 0 {
		n := len(p.read)
		if n > 100 {
			n = 100
		}
		acts := make([]aztables.TransactionAction, 0, n)
		for _, rk := range p.read[:n] {
			b, _ := json.Marshal(aztables.Entity{PartitionKey: p.session, RowKey: rk})
			acts = append(acts, aztables.TransactionAction{ActionType: aztables.TransactionTypeDelete, Entity: b})
		}
		if _, err := p.rx.SubmitTransaction(ctx, acts, nil); err != nil { // S
			return err
		}
		p.read = p.read[n:]
	}
	return nil
}

// Peek reads the first page of everything pending in the session (added:
// a debugging helper).
func (p *Pipe) Peek(ctx context.Context) (int, error) {
	f := "PartitionKey eq '" + p.session + "'"                                                      // L: TL321
	page, err := p.rx.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &f}).NextPage(ctx) // L: TL307
	if err != nil {
		return 0, err
	}
	return len(page.Entities), nil
}
