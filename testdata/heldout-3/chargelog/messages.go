// Package chargelog stores the messages exchanged with EV chargers (OCPP):
// the charger id as PartitionKey, the arrival time in milliseconds as
// RowKey, the message body as JSON text.
package chargelog

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

// Envelope is a message taken off the broker.
type Envelope struct {
	Charger string         `json:"client"`
	Node    string         `json:"serverNode"`
	At      string         `json:"messageTime"`
	Body    map[string]any `json:"body"`
}

// record is the stored row.
type record struct {
	aztables.Entity
	Node      string
	Direction string
	At        string
	ArrivedMs int64
	Body      string
}

// Recorder writes envelopes to the message table.
type Recorder struct {
	tc      *aztables.Client
	enabled bool
}

// OnMessage is the broker callback: it decodes the envelope and stores it.
func (r *Recorder) OnMessage(ctx context.Context, raw []byte) {
	if !r.enabled {
		return
	}
	var env Envelope
	if err := json.Unmarshal(raw, &env); err != nil {
		return
	}
	body, _ := json.Marshal(env.Body)
	dir, _ := env.Body["direction"].(float64)
	rec := record{
		Entity: aztables.Entity{
			PartitionKey: env.Charger,
			RowKey:       fmt.Sprintf("%013d", time.Now().UnixMilli()), // S
			Timestamp:    aztables.EDMDateTime(time.Now()),             // L: TL128
		},
		Node:      env.Node,
		Direction: fmt.Sprintf("%d", int(dir)),
		At:        env.At,
		ArrivedMs: time.Now().UnixMilli(), // L: TL125
		Body:      string(body),           // L: TL122
	}
	b, _ := json.Marshal(rec)
	_, _ = r.tc.AddEntity(ctx, b, nil)
}

// Since lists a charger's messages after a moment (added: the charger id
// from the operator's screen, unescaped; the loop stops on a short page).
func (r *Recorder) Since(ctx context.Context, charger string, after time.Time) ([]record, error) {
	top := int32(200)
	f := fmt.Sprintf("PartitionKey eq '%s' and RowKey ge '%d'", charger, after.UnixMilli()) // L: TL321
	pager := r.tc.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &f, Top: &top})
	var out []record
	for pager.More() {
		page, err := pager.NextPage(ctx)
		if err != nil {
			return nil, err
		}
		for _, raw := range page.Entities {
			var rec record
			if json.Unmarshal(raw, &rec) == nil {
				out = append(out, rec)
			}
		}
		if len(page.Entities) < int(top) { // L: TL308
			break
		}
	}
	return out, nil
}

// Latest is Since's escaped twin that follows the pager to the end (added).
func (r *Recorder) Latest(ctx context.Context, charger string, after time.Time) ([]record, error) {
	esc := strings.ReplaceAll(charger, "'", "''")
	f := fmt.Sprintf("PartitionKey eq '%s' and RowKey ge '%d'", esc, after.UnixMilli()) // S
	pager := r.tc.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &f})       // S
	var out []record
	for pager.More() {
		page, err := pager.NextPage(ctx)
		if err != nil {
			return nil, err
		}
		for _, raw := range page.Entities {
			var rec record
			if json.Unmarshal(raw, &rec) == nil {
				out = append(out, rec)
			}
		}
	}
	return out, nil
}

// Backfill writes a replayed backlog of envelopes from many chargers in one
// transaction (added).
func (r *Recorder) Backfill(ctx context.Context, envs []Envelope) error {
	acts := make([]aztables.TransactionAction, 0, len(envs))
	for i, env := range envs {
		body, _ := json.Marshal(env.Body)
		rec := record{Entity: aztables.Entity{PartitionKey: env.Charger, RowKey: fmt.Sprintf("%013d", i)}, Node: env.Node, At: env.At, Direction: fmt.Sprint(len(body))}
		b, _ := json.Marshal(rec)
		acts = append(acts, aztables.TransactionAction{ActionType: aztables.TransactionTypeAdd, Entity: b})
	}
	_, err := r.tc.SubmitTransaction(ctx, acts, nil) // L: TL401 TL403
	return err
}

// Purge deletes the rows of one charger in transactions of at most 100
// (added: one partition per transaction).
func (r *Recorder) Purge(ctx context.Context, charger string, rowKeys []string) error {
	for start := 0; start < len(rowKeys); start += 100 {
		end := start + 100
		if end > len(rowKeys) {
			end = len(rowKeys)
		}
		acts := make([]aztables.TransactionAction, 0, end-start)
		for _, rk := range rowKeys[start:end] {
			b, _ := json.Marshal(aztables.Entity{PartitionKey: charger, RowKey: rk})
			acts = append(acts, aztables.TransactionAction{ActionType: aztables.TransactionTypeDelete, Entity: b})
		}
		if _, err := r.tc.SubmitTransaction(ctx, acts, nil); err != nil { // S
			return err
		}
	}
	return nil
}
